/**
 * US taxpayer ids of a vendor (for the 1099): an EIN is written 12-3456789, an SSN
 * 123-45-6789; both are nine digits. Stored as the digits, shown only masked.
 */
const EIN = /^\d{2}-\d{7}$/;
const SSN = /^\d{3}-\d{2}-\d{4}$/;
const BARE = /^\d{9}$/;

export const TAX_ID_MESSAGE = 'Tax id must be an EIN (12-3456789) or an SSN (123-45-6789)';

/** The nine digits of an EIN or SSN as people write them, or null when it is neither. */
export function taxIdDigits(text: string): string | null {
  const value = text.trim();
  if (!EIN.test(value) && !SSN.test(value) && !BARE.test(value)) return null;
  const digits = value.replace(/-/g, '');
  // No number is issued with all zeros in a group: 000-00-0000 and 00-0000000 are typos.
  if (/^0+$/.test(digits) || digits.endsWith('0000')) return null;
  return digits;
}

/** What the screens show of a stored tax id: its last four digits only. */
export function maskTaxId(digits: string | null): string | null {
  return digits ? `•••-••-${digits.slice(-4)}` : null;
}
