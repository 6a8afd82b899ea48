import type { ComponentProps } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  CATEGORY_LABELS,
  MANUAL_CHARGE_CATEGORIES,
  chargeBodySchema,
  creditBodySchema,
} from '../../../../shared/schemas/ledger';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useAddCharge } from '../api/add-charge';
import { useAddCredit } from '../api/add-credit';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

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
  const today = useServerToday();
  const addCharge = useAddCharge();
  const addCredit = useAddCredit();
  const text = TEXT[kind];
  const initialValues: AdjustmentValues = {
    category: '',
    amount: '',
    entryDate: today,
    description: '',
  };
  const submission = useEntityForm({
    initialValues,
    validate: (values) => {
      if (kind === 'credit') return validateCredit(values);
      const errors = validateCharge(values);
      if (values.category === '') errors.category = 'Choose a type';
      return errors;
    },
    toBody: (values) =>
      kind === 'charge'
        ? { kind, body: chargeBodySchema.parse(values) }
        : { kind, body: creditBodySchema.parse(values) },
    save: (entry) =>
      entry.kind === 'charge'
        ? addCharge.mutateAsync({ leaseId, body: entry.body })
        : addCredit.mutateAsync({ leaseId, body: entry.body }),
    onSaved: (_, { body }) => ({
      then: 'close',
      message: `${text.done} of ${formatMoney(body.amount)} added.`,
      close: onClose,
    }),
    failed: text.failed,
  });
  const { form } = submission;

  return (
    <MoneyForm
      label={text.title}
      submission={submission}
      submitLabel={text.submit}
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
