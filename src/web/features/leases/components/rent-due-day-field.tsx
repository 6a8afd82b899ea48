import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_DUE_DAY } from '../../../../shared/rent-periods';
import type { RentDueDay } from '../../../../shared/schemas/leases';

/** The form's due day: '' (the start date's day), '1'..'28' or 'last'. */
export interface DueDayValues {
  rentDueDay: string;
}

export const EMPTY_DUE_DAY: DueDayValues = { rentDueDay: '' };

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

const OPTIONS = [
  { value: '', label: "The start date's day" },
  ...Array.from({ length: MAX_DUE_DAY }, (_, i) => ({
    value: String(i + 1),
    label: `The ${ordinal(i + 1)}`,
  })),
  { value: 'last', label: 'The last day of the month' },
];

export const dueDayValues = (day: RentDueDay | null): DueDayValues => ({
  rentDueDay: day === null ? '' : String(day),
});

/** The body's field: null for the start date's day. */
export function dueDayBody(values: DueDayValues): { rentDueDay: RentDueDay | null } {
  const { rentDueDay } = values;
  return {
    rentDueDay: rentDueDay === '' ? null : rentDueDay === 'last' ? 'last' : Number(rentDueDay),
  };
}

/** Which day of each month rent is due (docs/decisions/0020). */
export function RentDueDayField<Values extends DueDayValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <Select
      label="Due day"
      description="A start on another day makes a short first period (your rent settings say how it is charged)"
      data={OPTIONS}
      allowDeselect={false}
      searchable
      {...form.getInputProps('rentDueDay')}
    />
  );
}
