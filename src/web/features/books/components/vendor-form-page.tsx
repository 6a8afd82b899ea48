import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../../shared/phone-format';
import {
  createVendorBodySchema,
  updateVendorBodySchema,
  type Vendor,
} from '../../../../shared/schemas/vendors';
import { HistoryPanel } from '../../../components/history-panel';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { useRouteId } from '../../../lib/edit-route';
import { notifyOutcome } from '../../../lib/notify';
import { useSaveVendor, useVendor } from '../api/vendors';
import { RequireWrite } from '../../auth';

interface Values {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  trade: string;
  taxId: string;
  receives1099: boolean;
}

const empty: Values = {
  name: '',
  contactName: '',
  email: '',
  phone: '',
  trade: '',
  taxId: '',
  receives1099: false,
};

const valuesOf = (v: Vendor): Values => ({
  name: v.name,
  contactName: v.contactName ?? '',
  email: v.email ?? '',
  phone: v.phone ? formatPhone(v.phone) : '',
  trade: v.trade ?? '',
  // The tax id is never sent back: left empty, an edit keeps the one on file.
  taxId: '',
  receives1099: v.receives1099,
});

/** /vendors/new and /vendors/{id}: a payee; its tax id is written here and only shown masked. */
export function VendorFormPage() {
  return (
    <RequireWrite
      area="vendors"
      doing="add or edit vendors"
      title="Vendors"
      back={{ to: '/vendors', label: 'Back to vendors' }}
    >
      <VendorForm />
    </RequireWrite>
  );
}

function VendorForm() {
  const id = useRouteId();
  const isEdit = id !== undefined;
  const vendor = useVendor(id);
  const save = useSaveVendor();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (vendor.data) setValues(valuesOf(vendor.data));
  }, [vendor.data]);

  if (isEdit && vendor.isPending) return <LoadingState label="Loading the vendor..." />;
  if (isEdit && vendor.isError) {
    return (
      <NotFoundState
        noun="Vendor"
        back={{ to: '/vendors', label: 'Back to vendors' }}
        create={{ to: '/vendors/new', label: 'Add a vendor' }}
      />
    );
  }

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((c) => ({ ...c, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { taxId, ...rest } = values;
    const input = isEdit && !taxId.trim() ? rest : values;
    const parsed = (isEdit ? updateVendorBodySchema : createVendorBodySchema).safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id, body: input });
      notifyOutcome('success', isEdit ? 'Vendor updated.' : 'Vendor added.');
      void navigate('/vendors');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(errorMessage(error, 'The vendor was not saved.'));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={isEdit ? 'Edit vendor' : 'Add a vendor'}
        description="Someone you pay for your properties."
      />
      {failure ? <ErrorBanner>{failure}</ErrorBanner> : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={isEdit ? 'Edit vendor' : 'Add a vendor'}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              maxLength={120}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Contact name"
                value={values.contactName}
                onChange={(e) => set('contactName', e.currentTarget.value)}
                error={errors.contactName}
              />
              <TextInput
                label="Trade"
                placeholder="Plumbing, insurance, ..."
                value={values.trade}
                onChange={(e) => set('trade', e.currentTarget.value)}
                error={errors.trade}
              />
              <TextInput
                label="Email"
                type="email"
                value={values.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={errors.email}
              />
              <TextInput
                label="Phone"
                type="tel"
                value={values.phone}
                onChange={(e) => set('phone', e.currentTarget.value)}
                error={errors.phone}
              />
            </SimpleGrid>
            <TextInput
              label="Tax id (EIN or SSN)"
              description={
                isEdit && vendor.data?.taxIdMasked
                  ? `On file: ${vendor.data.taxIdMasked}. Leave empty to keep it.`
                  : 'Optional, for the 1099: 12-3456789 or 123-45-6789. Only the last four digits are ever shown.'
              }
              autoComplete="off"
              value={values.taxId}
              onChange={(e) => set('taxId', e.currentTarget.value)}
              error={errors.taxId}
            />
            <Checkbox
              label="Receives a 1099"
              checked={values.receives1099}
              onChange={(e) => set('receives1099', e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate('/vendors')}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {isEdit ? 'Save vendor' : 'Add vendor'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {isEdit && vendor.data ? (
        <Text c="dimmed">
          {vendor.data.expenseCount === 1
            ? '1 expense names this vendor.'
            : `${vendor.data.expenseCount} expenses name this vendor.`}
        </Text>
      ) : null}
      {id !== undefined ? <HistoryPanel resource="vendors" id={id} /> : null}
    </Stack>
  );
}
