/**
 * docs/product.md section 5: numeric inputs convert to numbers, and an invalid entry becomes 0.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/**
 * A money field's value for the body: an empty field is 0, as for other numbers, but text that
 * does not read as money stays as typed, so the shared money schema refuses it and says why
 * (never 0, never a guess).
 */
export function toMoney(value: number | string): number | string {
  return value === '' ? 0 : value;
}

/** Trims every string value of a form before it is sent (docs/product.md section 5, staff). */
export function trimStrings<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as T;
}
