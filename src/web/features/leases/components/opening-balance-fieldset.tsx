import { Fieldset, Group, Radio, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatDate, isRealDate } from '../../../../shared/dates';
import { cents } from '../../../../shared/money';
import { rentPeriods } from '../../../../shared/rent-periods';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { useServerToday } from '../../../lib/server-today';
import { dueDayIn } from '../../../../shared/schemas/leases';
import { dueDayBody, type DueDayValues } from './rent-due-day-field';

/** Where a lease brought in from earlier books starts (docs/product.md section 28). */
export interface BookValues {
  /** The first due date to charge; '' charges from the start. */
  rentChargedFrom: string;
  openingBalance: MoneyValue;
  openingSide: 'owed' | 'credit';
}

export const EMPTY_BOOKS: BookValues = {
  rentChargedFrom: '',
  openingBalance: '',
  openingSide: 'owed',
};

/** The body's fields: an amount in credit is sent negative; text that is not money stays text. */
export function booksBody(values: BookValues & { startDate: string }, isEdit: boolean) {
  const amount = values.openingBalance;
  const from = values.rentChargedFrom;
  return {
    // A day before the start charges from the start: the same, said so (the field may be
    // hidden by then, when the start moved to today or later).
    rentChargedFrom: from && from > values.startDate ? from : null,
    // An edit has no opening balance (it is made with the lease): none is sent or checked.
    openingBalance: isEdit
      ? undefined
      : amount === ''
        ? null
        : typeof amount === 'number' && values.openingSide === 'credit'
          ? -amount
          : amount,
  };
}

type Dated = BookValues & DueDayValues & { startDate: string; endDate: string };

/** Due dates a landlord may start charging from: up to the first one after today. */
function dueDateChoices(values: Dated, today: string): { value: string; label: string }[] {
  if (!isRealDate(values.startDate) || !isRealDate(values.endDate)) return [];
  if (values.endDate < values.startDate) return [];
  const choices: { value: string; label: string }[] = [];
  const rentDueDay = dueDayIn(dueDayBody(values).rentDueDay);
  for (const period of rentPeriods({ ...values, rentDueDay, rent: cents(0) })) {
    choices.push({ value: period.dueDate, label: formatDate(period.dueDate) });
    if (period.dueDate > today) break;
  }
  choices[0] = { value: '', label: `From the start (${formatDate(values.startDate)})` };
  // A day set before (an import's) that is not a due date of these terms stays choosable.
  const kept = values.rentChargedFrom;
  if (kept && !choices.some((c) => c.value === kept)) {
    choices.push({ value: kept, label: formatDate(kept) });
  }
  return choices;
}

/**
 * Shown when the lease started before today: the first rent to charge (nothing before it is
 * ever posted) and, for a new lease, what the tenant owed or had in credit until then.
 */
export function OpeningBalanceFieldset<Values extends Dated>({
  form,
  isEdit,
}: {
  form: UseFormReturnType<Values>;
  isEdit: boolean;
}) {
  const today = useServerToday();
  const values = form.values;
  const choices = dueDateChoices(values, today);
  if (choices.length === 0 || values.startDate >= today) return null;
  return (
    <Fieldset legend="Earlier books" variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="First due date to charge"
          description="Rent due before this is not charged here: it was settled in your earlier books"
          data={choices}
          allowDeselect={false}
          searchable
          {...form.getInputProps('rentChargedFrom')}
        />
        {isEdit ? null : (
          <MoneyInput
            label="Opening balance"
            description="What the tenant owed or had in credit until then, USD (optional)"
            {...form.getInputProps('openingBalance')}
          />
        )}
      </SimpleGrid>
      {isEdit ? null : (
        <Radio.Group label="Owed or in credit" mt="sm" {...form.getInputProps('openingSide')}>
          <Group gap="lg" mt="xs">
            <Radio value="owed" label="Owed by the tenant" />
            <Radio value="credit" label="In credit" />
          </Group>
        </Radio.Group>
      )}
    </Fieldset>
  );
}
