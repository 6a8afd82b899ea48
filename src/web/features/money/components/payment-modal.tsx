import type { ComponentProps } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  METHOD_LABELS,
  PAYMENT_METHODS,
  paymentBodySchema,
} from '../../../../shared/schemas/ledger';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useRecordPayment } from '../api/record-payment';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { MoneyModal } from './money-modal';
import { today } from './today';

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
  const idempotencyKey = useIdempotencyKey();
  const record = useRecordPayment();
  const { banner, showError, clear } = useBanner();
  const form = useForm<PaymentValues>({
    initialValues: {
      amount: '',
      entryDate: today(),
      method: '',
      reference: '',
      note: '',
      idempotencyKey,
    },
    validate: (values) => {
      const errors = validatePayment(values as never);
      if (values.method === '') errors.method = 'Choose how the money was paid';
      if (!errors.entryDate && values.entryDate > today()) {
        errors.entryDate = 'Date received cannot be in the future';
      }
      return errors;
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (record.isPending) return;
    clear();
    try {
      const body = paymentBodySchema.parse(values);
      await record.mutateAsync({ leaseId, body });
      notifyOutcome('success', `Payment of ${formatMoney(body.amount)} recorded.`);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, 'Failed to record payment'));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Record payment">
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        <NumberInput
          label="Amount"
          description="USD"
          required
          min={0}
          step={0.01}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Date received"
          type="date"
          required
          max={today()}
          {...form.getInputProps('entryDate')}
        />
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
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
