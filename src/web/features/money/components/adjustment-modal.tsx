import type { ComponentProps } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CATEGORY_LABELS,
  MANUAL_CHARGE_CATEGORIES,
  chargeBodySchema,
  creditBodySchema,
} from '../../../../shared/schemas/ledger';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/format';
import { useAddCharge } from '../api/add-charge';
import { useAddCredit } from '../api/add-credit';
import { useMoneySubmit } from '../hooks/use-money-submit';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
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
  const form = useForm<AdjustmentValues>({
    initialValues: { category: '', amount: '', entryDate: today(), description: '' },
    validate: (values) => {
      if (kind === 'credit') return validateCredit(values as never);
      const errors = validateCharge(values as never);
      if (values.category === '') errors.category = 'Choose a type';
      return errors;
    },
  });

  const submission = useMoneySubmit({
    form,
    pending,
    failed: text.failed,
    onDone: onClose,
    send: async (values) => {
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
      return `${text.done} of ${formatMoney(amount)} added.`;
    },
  });

  return (
    <MoneyForm
      label={text.title}
      submission={submission}
      submitLabel={text.submit}
      pending={pending}
      onCancel={onClose}
    >
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
      <MoneyInput label="Amount" description="USD" required {...form.getInputProps('amount')} />
      <DateField
        label={kind === 'charge' ? 'Due date' : 'Date'}
        {...form.getInputProps('entryDate')}
      />
      <TextInput
        label="Description"
        required
        maxLength={200}
        {...form.getInputProps('description')}
      />
    </MoneyForm>
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
