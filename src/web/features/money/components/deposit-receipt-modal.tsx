import type { ComponentProps } from 'react';
import { TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { depositReceiptBodySchema } from '../../../../shared/schemas/deposits';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useRecordDepositReceipt } from '../api/record-deposit-receipt';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

interface ReceiptValues {
  amount: number | string;
  date: string;
  description: string;
}

const validateReceipt = schemaResolver(depositReceiptBodySchema, { sync: true });

function DepositReceiptForm({
  leaseId,
  outstanding,
  onClose,
}: {
  leaseId: number;
  /** What the lease's deposit still lacks: the amount starts there. */
  outstanding: number;
  onClose(): void;
}) {
  const today = useServerToday();
  const record = useRecordDepositReceipt();
  const initialValues: ReceiptValues = {
    amount: outstanding > 0 ? outstanding : '',
    date: today,
    description: '',
  };
  const submission = useEntityForm({
    initialValues,
    validate: validateReceipt,
    toBody: (values) => depositReceiptBodySchema.parse(values),
    save: (body) => record.mutateAsync({ leaseId, body }),
    onSaved: (_, body) => ({
      then: 'close',
      message: `Deposit of ${formatMoney(body.amount)} recorded as received.`,
      close: onClose,
    }),
    failed: 'Failed to record the deposit',
  });
  const { form } = submission;

  return (
    <MoneyForm
      label="Record deposit received"
      submission={submission}
      submitLabel="Record deposit"
      onCancel={onClose}
    >
      <MoneyInput label="Amount" description="USD" required {...form.getInputProps('amount')} />
      <DateField label="Date received" max={today} {...form.getInputProps('date')} />
      <TextInput
        label="Description"
        description="Optional"
        maxLength={200}
        {...form.getInputProps('description')}
      />
    </MoneyForm>
  );
}

/** Record deposit received: money held for the tenant, not rent. */
export function DepositReceiptModal({
  opened,
  ...props
}: ComponentProps<typeof DepositReceiptForm> & { opened: boolean }) {
  return (
    <MoneyModal opened={opened} title="Record deposit received" onClose={props.onClose}>
      <DepositReceiptForm {...props} />
    </MoneyModal>
  );
}
