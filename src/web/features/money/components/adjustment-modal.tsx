import type { ComponentProps } from 'react';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CATEGORY_LABELS,
  MANUAL_CHARGE_CATEGORIES,
  chargeBodySchema,
  creditBodySchema,
} from '../../../../shared/schemas/ledger';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useAddCharge } from '../api/add-charge';
import { useAddCredit } from '../api/add-credit';
import { MoneyModal } from './money-modal';
import { today } from './today';

interface AdjustmentValues {
  category: string;
  amount: number | string;
  entryDate: string;
  description: string;
}

const validateCharge = schemaResolver(chargeBodySchema, { sync: true });
const validateCredit = schemaResolver(creditBodySchema, { sync: true });

const TEXT = {
  charge: {
    title: 'Add charge',
    submit: 'Add charge',
    done: 'Charge',
    failed: 'Failed to add charge',
  },
  credit: {
    title: 'Add credit',
    submit: 'Add credit',
    done: 'Credit',
    failed: 'Failed to add credit',
  },
};

function AdjustmentForm({
  kind,
  leaseId,
  onClose,
}: {
  kind: 'charge' | 'credit';
  leaseId: number;
  onClose(): void;
}) {
  const addCharge = useAddCharge();
  const addCredit = useAddCredit();
  const pending = addCharge.isPending || addCredit.isPending;
  const text = TEXT[kind];
  const { banner, showError, clear } = useBanner();
  const form = useForm<AdjustmentValues>({
    initialValues: { category: '', amount: '', entryDate: today(), description: '' },
    validate: (values) => {
      if (kind === 'credit') return validateCredit(values as never);
      const errors = validateCharge(values as never);
      if (values.category === '') errors.category = 'Choose a type';
      return errors;
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (pending) return;
    clear();
    try {
      let amount: number;
      if (kind === 'charge') {
        const body = chargeBodySchema.parse(values);
        amount = body.amount;
        await addCharge.mutateAsync({ leaseId, body });
      } else {
        const body = creditBodySchema.parse(values);
        amount = body.amount;
        await addCredit.mutateAsync({ leaseId, body });
      }
      notifyOutcome('success', `${text.done} of ${formatMoney(amount)} added.`);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, text.failed));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={text.title}>
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        {kind === 'charge' ? (
          <NativeSelect
            label="Type"
            required
            data={[
              { value: '', label: 'Choose a type', disabled: true },
              ...MANUAL_CHARGE_CATEGORIES.map((value) => ({
                value,
                label: CATEGORY_LABELS[value],
              })),
            ]}
            {...form.getInputProps('category')}
          />
        ) : null}
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
          label={kind === 'charge' ? 'Due date' : 'Date'}
          type="date"
          required
          {...form.getInputProps('entryDate')}
        />
        <TextInput
          label="Description"
          required
          maxLength={200}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {text.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add charge (fee, utilities, damages, other: rent and late fees are posted by the server) or
 * Add credit (lowers what the tenant owes): the same few fields.
 */
export function AdjustmentModal({
  opened,
  ...props
}: ComponentProps<typeof AdjustmentForm> & { opened: boolean }) {
  return (
    <MoneyModal opened={opened} title={TEXT[props.kind].title} onClose={props.onClose}>
      <AdjustmentForm {...props} />
    </MoneyModal>
  );
}
