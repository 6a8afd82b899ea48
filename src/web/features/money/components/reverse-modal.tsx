import type { ComponentProps } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { reversalBodySchema, type LedgerEntry } from '../../../../shared/schemas/ledger';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { notifyOutcome } from '../../../lib/notify';
import { useReverseEntry } from '../api/reverse-entry';
import { entryName } from './entry-text';
import { MoneyModal } from './money-modal';

function ReverseForm({
  leaseId,
  entry,
  onClose,
}: {
  leaseId: number;
  entry: LedgerEntry;
  onClose(): void;
}) {
  const reverse = useReverseEntry();
  const { banner, showError, clear } = useBanner();
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reversalBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (reverse.isPending) return;
    clear();
    try {
      await reverse.mutateAsync({
        leaseId,
        entryId: entry.id,
        body: reversalBodySchema.parse(values),
      });
      notifyOutcome('success', `Reversed the ${entryName(entry)}.`);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, 'Failed to reverse the entry'));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Reverse entry">
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        <Text size="sm">
          Reverse the {entryName(entry)}? It stays in the ledger, marked reversed, and a reversal
          undoes its amount. This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          description="For example: check bounced, charged by mistake"
          required
          autosize
          minRows={2}
          maxLength={200}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red.8" loading={reverse.isPending}>
            Reverse entry
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Reverse: the entry stays in the ledger; a new entry with the reason undoes its amount. */
export function ReverseModal({
  opened,
  ...props
}: ComponentProps<typeof ReverseForm> & { opened: boolean }) {
  return (
    <MoneyModal opened={opened} title="Reverse entry" onClose={props.onClose}>
      <ReverseForm {...props} />
    </MoneyModal>
  );
}
