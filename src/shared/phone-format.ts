/**
 * Phones as people read them (docs/product.md section 5), without the numbering plans:
 * showing a stored number must not cost a visitor's first page the parser's metadata. The
 * rule that checks and stores numbers is src/shared/phone-numbers.ts; it stores E.164.
 */

/** A US number in E.164, or written the US way: its area code, exchange and line. */
const US_NUMBER = /^\+?1?\D*\(?(\d{3})\)?\D*(\d{3})\D*(\d{4})$/;
/** Calling codes of one and two digits (ITU-T E.164 assigns the rest three). */
const SHORT_CALLING_CODES = new Set([
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

/** The calling code of an E.164 number's digits: they are prefix-free, so the first match. */
function callingCode(digits: string): string {
  for (const length of [1, 2]) {
    if (SHORT_CALLING_CODES.has(digits.slice(0, length))) return digits.slice(0, length);
  }
  return digits.slice(0, 3);
}

/**
 * '(212) 555-0101' for a US number, '+44 2079460958' (calling code apart) for one abroad; a
 * phone stored before numbers were checked that reads as neither is shown as it was typed.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const text = stored.trim();
  if (/^\+[1-9]\d{6,14}$/.test(text) && !text.startsWith('+1')) {
    const digits = text.slice(1);
    const code = callingCode(digits);
    return `+${code} ${digits.slice(code.length)}`;
  }
  const us = US_NUMBER.exec(text);
  const digits = text.replace(/\D/g, '');
  if (us && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')))) {
    return `(${us[1]}) ${us[2]}-${us[3]}`;
  }
  return stored;
}

/** The number to dial ('tel:' links): E.164 when it is one or reads as a US number. */
export function dialablePhone(stored: string): string {
  const text = stored.trim();
  if (/^\+[1-9]\d{6,14}$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return text.replace(/[^\d+]/g, '');
}
