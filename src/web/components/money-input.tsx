import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { cents } from '../../shared/money';
import { formatMoneyText, readMoneyText, amountOfMoneyText } from '../../shared/money-text';

/**
 * The value of a money field: an amount as the API takes it (a number with at most two
 * decimals), '' when empty, or the text as typed when it does not read as money (the shared
 * money schema then says why, e.g. '"1,65" could be read two ways').
 */
export type MoneyValue = number | string;

/** True when a money field holds an amount or nothing; false while its text reads as neither. */
export function isMoneyOrEmpty(value: MoneyValue): boolean {
  return typeof value === 'number' || value.trim() === '';
}

export interface MoneyInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type'
> {
  value?: MoneyValue;
  onChange?(value: MoneyValue): void;
}

function shown(value: MoneyValue): string {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? formatMoneyText(cents(Math.round(value * 100))) : '';
  }
  return value;
}

/**
 * The one money field of the app (docs/product.md section 5, "Money fields"): it reads money
 * as people type or paste it (`1,650`, `$1,650.00`, `1 650.5`) with the shared reader, refuses
 * what could be read two ways (`1,65`) instead of guessing, and shows the amount it read as
 * `1,650.00` once the field is left. A plain text field: a number field reads a comma as a
 * decimal point in some locales and drops what it cannot read.
 */
export function MoneyInput({
  value = '',
  onChange,
  onBlur,
  error,
  label,
  ...props
}: MoneyInputProps) {
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  // The value this field last handed to the form: any other value was set from outside (a
  // reset, a prefill) and replaces the text.
  const [emitted, setEmitted] = useState<MoneyValue>(value);
  if (!Object.is(emitted, value)) {
    setEmitted(value);
    setText(shown(value));
  }

  const name = typeof label === 'string' ? label : 'Amount';
  const read = amountOfMoneyText(name, text);
  const ownError = left && 'error' in read ? read.error : undefined;

  function change(event: ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    setText(next);
    const result = readMoneyText(next);
    const amount =
      result.kind === 'amount' ? result.cents / 100 : result.kind === 'empty' ? '' : next;
    setEmitted(amount);
    onChange?.(amount);
  }

  function blur(event: FocusEvent<HTMLInputElement>) {
    setLeft(true);
    const result = readMoneyText(text);
    if (result.kind === 'amount') setText(formatMoneyText(result.cents));
    onBlur?.(event);
  }

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      leftSectionPointerEvents="none"
      label={label}
      {...props}
      value={text}
      onChange={change}
      onBlur={blur}
      error={error ?? ownError}
    />
  );
}
