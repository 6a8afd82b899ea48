import { cents, type Cents } from './money';

/**
 * Money as people type or paste it into a field (docs/product.md section 5, "Money fields"):
 * `1650`, `1,650`, `$1,650.00`, `1 650.5`, `.5`. A point separates the cents; a comma or a
 * space only separates groups of three digits. Anything that could be read two ways (`1,65`,
 * `1,6500`, `1.650,00`) is refused, never guessed: a field that read `1,650` as 1.65 once
 * recorded a thousandth of a payment.
 */
export type MoneyText =
  | { kind: 'empty' }
  | { kind: 'amount'; cents: Cents }
  | { kind: 'invalid'; problem: MoneyTextProblem };

export type MoneyTextProblem = 'not_a_number' | 'negative' | 'decimals' | 'ambiguous' | 'too_large';

// More digits than a double holds exactly as cents: far above any limit, refused before arithmetic.
const MAX_WHOLE_DIGITS = 13;

export function readMoneyText(text: string): MoneyText {
  // NFKC turns no-break and narrow spaces into spaces and full-width digits into digits.
  let rest = text
    .normalize('NFKC')
    .replace(/\u2212/g, '-')
    .trim();
  if (rest === '') return { kind: 'empty' };

  let negative = false;
  if (/^\(.*\)$/.test(rest)) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  if (rest.startsWith('-')) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  rest = rest
    .replace(/^(?:US\s?)?\$\s*/i, '')
    .replace(/^USD\s*/i, '')
    .replace(/\s*USD$/i, '')
    .trim();
  if (rest.startsWith('-')) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  if (rest.endsWith('-')) {
    negative = true;
    rest = rest.slice(0, -1).trim();
  }

  if (!/^[\d., ]+$/.test(rest) || !/\d/.test(rest))
    return { kind: 'invalid', problem: 'not_a_number' };

  const parts = rest.split('.');
  // '1.650.000' or '1.650,00': points used as thousands separators.
  if (parts.length > 2) return { kind: 'invalid', problem: 'ambiguous' };
  const [whole = '', fraction = ''] = parts;
  if (/[, ]/.test(fraction)) return { kind: 'invalid', problem: 'ambiguous' };

  let wholeDigits = whole;
  if (/[, ]/.test(whole)) {
    const separators = new Set(whole.match(/[, ]/g));
    const groups = whole.split(/[, ]/);
    const grouped =
      separators.size === 1 &&
      /^\d{1,3}$/.test(groups[0] ?? '') &&
      groups.slice(1).every((group) => /^\d{3}$/.test(group));
    if (!grouped) return { kind: 'invalid', problem: 'ambiguous' };
    wholeDigits = groups.join('');
  }
  if (fraction.length > 2)
    return negative
      ? { kind: 'invalid', problem: 'negative' }
      : { kind: 'invalid', problem: 'decimals' };
  if (negative) return { kind: 'invalid', problem: 'negative' };

  const significant = wholeDigits.replace(/^0+/, '');
  if (significant.length > MAX_WHOLE_DIGITS) return { kind: 'invalid', problem: 'too_large' };
  return {
    kind: 'amount',
    cents: cents(Number(significant || '0') * 100 + Number(fraction.padEnd(2, '0'))),
  };
}

/** The field's message for text that is not an amount, e.g. 'Rent: "1,65" could be 1.65 or 1,650 ...'. */
export function moneyTextMessage(label: string, text: string, problem: MoneyTextProblem): string {
  switch (problem) {
    case 'negative':
      return `${label} cannot be negative`;
    case 'decimals':
      return `${label} can have at most two decimals`;
    case 'too_large':
      return `${label} is too large`;
    case 'ambiguous':
      return `${label}: "${text.trim()}" could be read two ways. Use a point for cents and a comma only between groups of three digits, e.g. 1,650.00`;
    case 'not_a_number':
      return `${label} must be an amount of money, e.g. 1,650.00`;
  }
}

/** The amount (in currency units, as the API takes it) a field's text reads as, or why it does not. */
export function amountOfMoneyText(
  label: string,
  text: string,
): { amount: number } | { amount: null } | { error: string } {
  const read = readMoneyText(text);
  if (read.kind === 'empty') return { amount: null };
  if (read.kind === 'invalid') return { error: moneyTextMessage(label, text, read.problem) };
  return { amount: read.cents / 100 };
}

/** Cents as a field shows them once typed: 165000 -> '1,650.00' (no currency sign: the field has one). */
export function formatMoneyText(value: Cents): string {
  const abs = Math.abs(value);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${value < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
