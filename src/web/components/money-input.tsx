import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A dollar amount as the API takes it (a number with at most two decimals, never negative),
 * shown with a $ and thousands separators. Any prop may still be given to change one of these.
 */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput min={0} step={0.01} decimalScale={2} prefix="$" thousandSeparator="," {...props} />
  );
}
