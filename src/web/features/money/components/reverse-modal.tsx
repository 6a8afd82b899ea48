import type { ComponentProps } from 'react';
import { Text, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { reversalBodySchema, type LedgerEntry } from '../../../../shared/schemas/ledger';
import { useEntityForm } from '../../../components/use-entity-form';
import { useReverseEntry } from '../api/reverse-entry';
import { entryName } from './entry-text';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

const validateReversal = schemaResolver(reversalBodySchema, { sync: true });

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
  const submission = useEntityForm({
    initialValues: { reason: '' },
    validate: validateReversal,
    toBody: (values) => reversalBodySchema.parse(values),
    save: (body) => reverse.mutateAsync({ leaseId, entryId: entry.id, body }),
    onSaved: () => ({
      then: 'close',
      message: `Reversed the ${entryName(entry)}.`,
      close: onClose,
    }),
    failed: 'Failed to reverse the entry',
  });
  const { form } = submission;

  return (
    <MoneyForm
      label="Reverse entry"
      submission={submission}
      submitLabel="Reverse entry"
      danger
      onCancel={onClose}
    >
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
    </MoneyForm>
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
