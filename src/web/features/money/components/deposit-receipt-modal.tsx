import type { ComponentProps } from 'react';
import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { depositReceiptBodySchema } from '../../../../shared/schemas/deposits';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useRecordDepositReceipt } from '../api/record-deposit-receipt';
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
  const { banner, showError, clear } = useBanner();
  const form = useForm<ReceiptValues>({
    initialValues: { amount: outstanding > 0 ? outstanding : '', date: today(), description: '' },
    validate: (values) => validateReceipt(values as never),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (record.isPending) return;
    clear();
    try {
      const body = depositReceiptBodySchema.parse(values);
      await record.mutateAsync({ leaseId, body });
      notifyOutcome('success', `Deposit of ${formatMoney(body.amount)} recorded as received.`);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, 'Failed to record the deposit'));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Record deposit received">
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
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Date received"
          type="date"
          required
          max={today()}
          {...form.getInputProps('date')}
        />
        <TextInput
          label="Description"
          description="Optional"
          maxLength={200}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record deposit
          </Button>
        </Group>
      </Stack>
    </form>
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
