import type { ComponentProps } from 'react';
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  METHOD_LABELS,
  PAYMENT_METHODS,
  paymentBodySchema,
} from '../../../../shared/schemas/ledger';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useRecordPayment } from '../api/record-payment';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

interface PaymentValues {
  amount: number | string;
  entryDate: string;
  method: string;
  reference: string;
  note: string;
  idempotencyKey: string;
}

const validatePayment = schemaResolver(paymentBodySchema, { sync: true });

function PaymentForm({ leaseId, onClose }: { leaseId: number; onClose(): void }) {
  const today = useServerToday();
  const idempotencyKey = useIdempotencyKey();
  const record = useRecordPayment();
  const initialValues: PaymentValues = {
    amount: '',
    entryDate: today,
    method: '',
    reference: '',
    note: '',
    idempotencyKey,
  };
  const submission = useEntityForm({
    initialValues,
    validate: (values) => {
      const errors = validatePayment(values);
      if (values.method === '') errors.method = 'Choose how the money was paid';
      if (!errors.entryDate && values.entryDate > today) {
        errors.entryDate = 'Date received cannot be in the future';
      }
      return errors;
    },
    toBody: (values) => paymentBodySchema.parse(values),
    save: (body) => record.mutateAsync({ leaseId, body }),
    onSaved: (_, body) => ({
      then: 'close',
      message: `Payment of ${formatMoney(body.amount)} recorded.`,
      close: onClose,
    }),
    failed: 'Failed to record payment',
  });
  const { form } = submission;

  return (
    <MoneyForm
      label="Record payment"
      submission={submission}
      submitLabel="Record payment"
      onCancel={onClose}
    >
      <MoneyInput
        label="Amount"
        description="USD"
        required
        data-autofocus
        {...form.getInputProps('amount')}
      />
      <DateField label="Date received" max={today} {...form.getInputProps('entryDate')} />
      <NativeSelect
        label="Method"
        required
        data={[
          { value: '', label: 'Choose a method', disabled: true },
          ...PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] })),
        ]}
        {...form.getInputProps('method')}
      />
      <TextInput
        label="Reference"
        description="Optional: check number, transfer id"
        maxLength={100}
        {...form.getInputProps('reference')}
      />
      <Textarea
        label="Note"
        description="Optional"
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps('note')}
      />
    </MoneyForm>
  );
}

/** Record payment: money received from the tenant, applied by the server to the oldest charges. */
export function PaymentModal({
  opened,
  ...props
}: ComponentProps<typeof PaymentForm> & { opened: boolean }) {
  return (
    <MoneyModal opened={opened} title="Record payment" onClose={props.onClose}>
      <PaymentForm {...props} />
    </MoneyModal>
  );
}
