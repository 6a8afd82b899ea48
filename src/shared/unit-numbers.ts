/**
 * 'Add several units' (docs/product.md section 12): a numbering pattern becomes the list of
 * unit numbers it names. A pattern is one or more parts separated by commas; a part is a
 * single number ('7B') or a range whose ends differ only in their last run of digits
 * ('101-112', '01-12') or in their last letter ('1A-1F').
 */
export const MAX_UNITS_AT_ONCE = 200;

export type UnitNumbersResult = { numbers: string[] } | { error: string };

const DIGITS_AT_END = /^(.*?)(\d+)$/;
const LETTER_AT_END = /^(.*?)([A-Za-z])$/;

function expandRange(from: string, to: string): string[] | string {
  const fromDigits = DIGITS_AT_END.exec(from);
  const toDigits = DIGITS_AT_END.exec(to);
  if (fromDigits && toDigits && fromDigits[1] === toDigits[1]) {
    const [, prefix, start, end] = [...fromDigits, toDigits[2]!] as [
      string,
      string,
      string,
      string,
    ];
    const first = Number(start);
    const last = Number(end);
    if (last < first) return `The range ${from}-${to} runs backwards`;
    if (last - first + 1 > MAX_UNITS_AT_ONCE) return `At most ${MAX_UNITS_AT_ONCE} units at once`;
    // '01-12' keeps its zero padding; '9-12' does not invent one.
    const width = start.startsWith('0') ? start.length : 0;
    return Array.from(
      { length: last - first + 1 },
      (_, i) => `${prefix}${String(first + i).padStart(width, '0')}`,
    );
  }
  const fromLetter = LETTER_AT_END.exec(from);
  const toLetter = LETTER_AT_END.exec(to);
  if (fromLetter && toLetter && fromLetter[1] === toLetter[1]) {
    const start = fromLetter[2]!.charCodeAt(0);
    const end = toLetter[2]!.charCodeAt(0);
    const sameCase =
      (fromLetter[2] === fromLetter[2]!.toUpperCase()) ===
      (toLetter[2] === toLetter[2]!.toUpperCase());
    if (!sameCase) return `The range ${from}-${to} mixes upper and lower case`;
    if (end < start) return `The range ${from}-${to} runs backwards`;
    return Array.from(
      { length: end - start + 1 },
      (_, i) => `${fromLetter[1]}${String.fromCharCode(start + i)}`,
    );
  }
  return `Write a range as 101-112 or 1A-1F: both ends alike but for their last number or letter`;
}

export function expandUnitNumbers(pattern: string, maxLength = 50): UnitNumbersResult {
  const numbers: string[] = [];
  const parts = pattern
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: 'Unit numbers are required' };
  for (const part of parts) {
    const ends = part.split('-').map((end) => end.trim());
    if (ends.length > 2 || ends.some((end) => end === '')) {
      return { error: `'${part}' is not a unit number or a range` };
    }
    const expanded = ends.length === 2 ? expandRange(ends[0]!, ends[1]!) : [ends[0]!];
    if (typeof expanded === 'string') return { error: expanded };
    numbers.push(...expanded);
    if (numbers.length > MAX_UNITS_AT_ONCE) {
      return { error: `At most ${MAX_UNITS_AT_ONCE} units at once` };
    }
  }
  const tooLong = numbers.find((number) => number.length > maxLength);
  if (tooLong) return { error: `Unit number ${tooLong} is longer than ${maxLength} characters` };
  const repeated = numbers.find((number, i) => numbers.indexOf(number) !== i);
  if (repeated) return { error: `Unit ${repeated} is named twice` };
  return { numbers };
}
