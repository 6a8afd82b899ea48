import { Fieldset, Group, NumberInput, Radio, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_GRACE_DAYS } from '../../../../shared/late-fees';
import type { LateFeeChoice } from '../../../../shared/schemas/leases';
import { MoneyInput } from '../../../components/money-input';

export interface LateFeeValues {
  lateFeeKind: LateFeeChoice;
  lateFeeAmount: number | string;
  lateFeePercent: number | string;
  lateFeeGraceDays: number | string;
  lateFeeCap: number | string;
}

export const EMPTY_LATE_FEE: LateFeeValues = {
  lateFeeKind: 'none',
  lateFeeAmount: '',
  lateFeePercent: '',
  lateFeeGraceDays: 5,
  lateFeeCap: '',
};

const orNull = (value: number | string) => (value === '' ? null : value);

/** The body's late-fee fields: empty inputs are 'not given', and 'none' sends no amounts. */
export function lateFeeBody(values: LateFeeValues) {
  if (values.lateFeeKind === 'none') {
    return {
      lateFeeKind: 'none' as const,
      lateFeeAmount: null,
      lateFeePercent: null,
      lateFeeGraceDays: null,
      lateFeeCap: null,
    };
  }
  const flat = values.lateFeeKind === 'flat';
  return {
    lateFeeKind: values.lateFeeKind,
    lateFeeAmount: flat ? orNull(values.lateFeeAmount) : null,
    lateFeePercent: flat ? null : orNull(values.lateFeePercent),
    lateFeeGraceDays: orNull(values.lateFeeGraceDays),
    lateFeeCap: orNull(values.lateFeeCap),
  };
}

/** The lease's late-fee rule (docs/product.md, Late fees). */
export function LateFeeFieldset<Values extends LateFeeValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const kind = form.values.lateFeeKind;
  return (
    <Fieldset legend="Late fee" variant="unstyled">
      <Radio.Group
        label="Charge a late fee"
        description="At most once a month, when rent is still unpaid after the grace days; never for rent due before the rule was set"
        {...form.getInputProps('lateFeeKind')}
      >
        <Group gap="lg" mt="xs">
          <Radio value="none" label="None" />
          <Radio value="flat" label="Flat amount" />
          <Radio value="percent" label="Percent" />
        </Group>
      </Radio.Group>
      {kind === 'none' ? null : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="sm">
          {kind === 'flat' ? (
            <MoneyInput
              label="Late fee amount"
              description="USD"
              required
              {...form.getInputProps('lateFeeAmount')}
            />
          ) : (
            <NumberInput
              label="Late fee percent"
              description="Of the rent still unpaid"
              required
              min={0}
              max={100}
              step={0.25}
              decimalScale={2}
              suffix="%"
              {...form.getInputProps('lateFeePercent')}
            />
          )}
          <NumberInput
            label="Grace days"
            description="Days after the due date"
            min={0}
            max={MAX_GRACE_DAYS}
            allowDecimal={false}
            {...form.getInputProps('lateFeeGraceDays')}
          />
          <MoneyInput
            label="Late fee cap"
            description="Most per month, USD (optional)"
            {...form.getInputProps('lateFeeCap')}
          />
        </SimpleGrid>
      )}
    </Fieldset>
  );
}
