import { NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import type { ComponentProps } from 'react';
import {
  RECURRING_CHARGE_KINDS,
  RECURRING_CHARGE_LABELS,
  RECURRING_DESCRIPTION_MAX,
  recurringChargeBodySchema,
  type RecurringCharge,
} from '../../../../shared/schemas/recurring-charges';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useSaveRecurringCharge } from '../api/recurring-charges';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

interface ChargeValues {
  kind: string;
  description: string;
  amount: number | string;
  startDate: string;
  endDate: string;
}

const validateCharge = schemaResolver(recurringChargeBodySchema, { sync: true });
/** An empty end date is no end: the charge runs to the lease's end. */
const asBody = (values: ChargeValues) => ({ ...values, endDate: values.endDate || null });

function RecurringChargeForm({
  leaseId,
  charge,
  startDate,
  onClose,
}: {
  leaseId: number;
  /** The charge to change or end; none: a new one. */
  charge?: RecurringCharge;
  /** A new charge's first day, as the form opens. */
  startDate: string;
  onClose(): void;
}) {
  const save = useSaveRecurringCharge();
  const initialValues: ChargeValues = charge
    ? {
        kind: charge.kind,
        description: charge.description ?? '',
        amount: charge.amount,
        startDate: charge.startDate,
        endDate: charge.endDate ?? '',
      }
    : { kind: '', description: '', amount: '', startDate, endDate: '' };
  const submission = useEntityForm({
    initialValues,
    validate: (values) => {
      const errors = validateCharge(asBody(values));
      if (values.kind === '') errors.kind = 'Choose a kind';
      return errors;
    },
    toBody: (values) => recurringChargeBodySchema.parse(asBody(values)),
    save: (body) => save.mutateAsync({ leaseId, chargeId: charge?.id, body }),
    onSaved: (_, body) => ({
      then: 'close',
      message: `${RECURRING_CHARGE_LABELS[body.kind]} of ${formatMoney(body.amount)} a month ${charge ? 'saved' : 'added'}.`,
      close: onClose,
    }),
    failed: 'Failed to save the recurring charge',
  });
  const { form } = submission;
  return (
    <MoneyForm
      label={charge ? 'Change recurring charge' : 'Add recurring charge'}
      submission={submission}
      submitLabel={charge ? 'Save charge' : 'Add charge'}
      onCancel={onClose}
    >
      <NativeSelect
        label="Kind"
        required
        data={[
          { value: '', label: 'Choose a kind', disabled: true },
          ...RECURRING_CHARGE_KINDS.map((value) => ({
            value,
            label: RECURRING_CHARGE_LABELS[value],
          })),
        ]}
        {...form.getInputProps('kind')}
      />
      <MoneyInput
        label="Amount"
        description="USD, each rent period"
        required
        {...form.getInputProps('amount')}
      />
      <TextInput
        label="Description"
        description="Optional, e.g. the parking space"
        maxLength={RECURRING_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <DateField
        label="Starts"
        description="Charged with each rent due on or after this day"
        {...form.getInputProps('startDate')}
      />
      <DateField
        label="Ends"
        description="Optional: the last rent due day it is charged with"
        required={false}
        min={form.values.startDate || undefined}
        {...form.getInputProps('endDate')}
      />
    </MoneyForm>
  );
}

/** Add, change or end a lease's recurring charge. */
export function RecurringChargeModal({
  opened,
  ...props
}: ComponentProps<typeof RecurringChargeForm> & { opened: boolean }) {
  return (
    <MoneyModal
      opened={opened}
      title={props.charge ? 'Change recurring charge' : 'Add recurring charge'}
      onClose={props.onClose}
    >
      <RecurringChargeForm {...props} />
    </MoneyModal>
  );
}
