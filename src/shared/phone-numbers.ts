import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LIMITS } from './constants';

/**
 * Phone numbers (docs/product.md section 5): read as people write them, in the US by default
 * ('(212) 555-0101', '212.555.0101') or with a country code ('+44 20 7946 0958'), checked
 * against the numbering plan of their country, and kept in one form, E.164 ('+12125550101').
 * Shown by src/shared/phone-format.ts, which needs none of the parser's metadata.
 */
export const DEFAULT_PHONE_REGION = 'US';
/**
 * The stored form keeps the limit of 15 characters that phones have always had (the columns'
 * checks): '+' and at most 14 digits with the country code, which every US number and nearly
 * every other fits.
 */
export const MAX_STORED_PHONE = LIMITS.phone;
/** Room to type a number with spaces, dashes, parentheses, a '+' or a '1' in front. */
export const MAX_PHONE_INPUT = 25;

export type PhoneResult = { phone: string } | { error: string };

/** The E.164 form of what was typed, or why it is not a phone number. */
export function parsePhone(input: string, label = 'Phone'): PhoneResult {
  const typed = input.trim();
  const tooLong = {
    error: `${label} is too long: at most ${MAX_STORED_PHONE - 1} digits with the country code`,
  };
  if (typed.replace(/\D/g, '').length > MAX_STORED_PHONE + 3) return tooLong;
  if (/[^\d\s()+.\-/]/.test(typed)) {
    return {
      error: `${label} must be a phone number, such as (212) 555-0101 or +44 20 7946 0958`,
    };
  }
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_PHONE_REGION);
  if (!parsed || !parsed.isValid()) {
    return {
      error: typed.startsWith('+')
        ? `${label} is not a valid phone number for its country code`
        : `${label} is not a valid US phone number; start a number abroad with + and its country code`,
    };
  }
  return parsed.number.length > MAX_STORED_PHONE ? tooLong : { phone: parsed.number };
}
