import type { ComponentProps } from 'react';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { depositReceiptBodySchema } from '../../../../shared/schemas/deposits';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/format';
import { useRecordDepositReceipt } from '../api/record-deposit-receipt';
import { useMoneySubmit } from '../hooks/use-money-submit';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';
import { today } from './today';

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
  const record = useRecordDepositReceipt();
  const form = useForm<ReceiptValues>({
    initialValues: { amount: outstanding > 0 ? outstanding : '', date: today(), description: '' },
    validate: (values) => validateReceipt(values as never),
  });

  const submission = useMoneySubmit({
    form,
    pending: record.isPending,
    failed: 'Failed to record the deposit',
    onDone: onClose,
    send: async (values) => {
      const body = depositReceiptBodySchema.parse(values);
      await record.mutateAsync({ leaseId, body });
      return `Deposit of ${formatMoney(body.amount)} recorded as received.`;
    },
  });

  return (
    <MoneyForm
      label="Record deposit received"
      submission={submission}
      submitLabel="Record deposit"
      pending={record.isPending}
      onCancel={onClose}
    >
      <MoneyInput label="Amount" description="USD" required {...form.getInputProps('amount')} />
      <DateField label="Date received" max={today()} {...form.getInputProps('date')} />
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
