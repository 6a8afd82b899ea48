/**
 * Money is an integer number of cents everywhere the program computes with it (sums,
 * allocation, proration), so no amount is ever rounded by floating point. The JSON API and
 * the forms speak in currency units with at most two decimals; the conversion happens once,
 * at each edge, and refuses anything that is not exactly representable in cents.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: true };

export const CURRENCY = 'USD';
const MAX_CENTS = Number.MAX_SAFE_INTEGER;

/** True when `amount` is a finite number with at most two decimals, compared exactly. */
export function isExactAmount(amount: number): boolean {
  if (!Number.isFinite(amount) || Math.abs(amount) * 100 > MAX_CENTS) return false;
  return Math.round(amount * 100) / 100 === amount;
}

/** An integer of cents as Cents (throws on a fraction: a bug, never user input). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of cents: ${value}`);
  return value as Cents;
}

/** 12.34 -> 1234. Throws when the amount has more than two decimals. */
export function toCents(amount: number): Cents {
  if (!isExactAmount(amount)) throw new RangeError(`not an exact amount of money: ${amount}`);
  // +0 turns -0 into 0.
  return (Math.round(amount * 100) + 0) as Cents;
}

/** 1234 -> 12.34: the double nearest to the decimal, which JSON writes as '12.34'. */
export function fromCents(value: Cents): number {
  return value / 100;
}

/** A SQL numeric's text ('-12.30', '7', '0.5') as cents, without passing through a float. */
export function parseDecimalCents(text: string): Cents {
  const match = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal with at most two places: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents(sign === '-' ? -value : value);
}

/** Cents as a SQL numeric's text: 1234 -> '12.34', -5 -> '-0.05'. */
export function formatDecimalCents(value: Cents): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce<number>((total, value) => total + value, 0) as Cents;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** $1,234.50 from cents (Intl formats the exact decimal string, never a rounded float). */
export function formatCents(value: Cents): string {
  return usd.format(formatDecimalCents(value) as unknown as number);
}

/** $1,234.50 from an API amount. */
export function formatAmount(amount: number): string {
  return isExactAmount(amount) ? formatCents(toCents(amount)) : usd.format(amount);
}
