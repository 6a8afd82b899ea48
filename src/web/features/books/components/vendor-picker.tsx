import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { createVendorBodySchema } from '../../../../shared/schemas/vendors';
import { ErrorBanner } from '../../../components/page-states';
import { ServerPicker, type PickerOption } from '../../../components/server-picker';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { searchVendors, useSaveVendor, vendorLabel } from '../api/vendors';

/**
 * One of the landlord's active vendors, or none; 'Add vendor' makes a new one by its name
 * (the rest is filled in on the vendor's own page) and chooses it.
 */
export function VendorPicker({
  value,
  onChange,
  label = 'Vendor',
  selected,
}: {
  value: string;
  onChange(value: string): void;
  label?: string;
  /** The vendor already chosen (an edit), named even when not among the first matches. */
  selected?: PickerOption | undefined;
}) {
  const [added, setAdded] = useState<PickerOption | undefined>(undefined);
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveVendor();

  const add = async () => {
    const parsed = createVendorBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name is required');
      return;
    }
    try {
      const vendor = (await save.mutateAsync({ body: parsed.data })) as {
        id: number;
        name: string;
        trade: string | null;
      };
      setAdded({ value: String(vendor.id), label: vendorLabel(vendor) });
      onChange(String(vendor.id));
      setName('');
      setError(null);
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'The vendor was not added.'));
    }
  };

  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <ServerPicker
          label={label}
          placeholder="No vendor"
          clearable
          value={value}
          onChange={onChange}
          queryKey={[...queryKeys.vendors.all, 'picker']}
          search={searchVendors}
          selected={added?.value === value ? added : selected}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={open}>
          Add vendor
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title="Add a vendor"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          {error ? <ErrorBanner>{error}</ErrorBanner> : null}
          <TextInput
            label="Vendor name"
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error && !name.trim() ? error : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={save.isPending} onClick={() => void add()}>
              Add vendor
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
