/**
 * 'Add several units' (docs/product.md section 12): a numbering pattern becomes the list of
 * unit numbers it names. A pattern is one or more parts separated by commas; a part is a
 * single number ('7B') or a range, written with a dash or 'to' ('101-112', '101 to 112'),
 * whose ends differ only in their last run of digits ('101-112', '01-12') or in their last
 * letter ('1A-1F'). What reads as a range in other words ('101 through 112', '101 112') is
 * refused rather than taken for one unit's name. The server and the form use this one parser.
 */
export const MAX_UNITS_AT_ONCE = 500;

/** What the form says under the pattern: the accepted forms and the bound. */
export const UNIT_PATTERN_HELP =
  'A range such as 101-112, 101 to 112 or 1A-1F, or single numbers; ' +
  `several separated by commas (101-104, 201-204, PH). At most ${MAX_UNITS_AT_ONCE} units at once.`;

const RANGE_FORMS = 'Write a range as 101-112, 101 to 112 or 1A-1F';

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
    if (last - first + 1 > MAX_UNITS_AT_ONCE) return tooMany(last - first + 1, `${from}-${to}`);
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
  return `${RANGE_FORMS}: both ends alike but for their last number or letter`;
}

const tooMany = (count: number, what: string) =>
  `At most ${MAX_UNITS_AT_ONCE} units at once: ${what} names ${count.toLocaleString('en-US')}`;

/** A range's ends: split at a dash (any kind) or the word 'to'; one end for a single number. */
const RANGE_SEPARATOR = /\s*[-\u2010-\u2015]\s*|\s+to\s+/i;
/** Words and marks that say 'range' in a way this parser does not read. */
const OTHER_RANGE_WORDS = /\b(?:through|thru|until|till|and)\b|\.\.|[~;&+]/i;
/** Two numbers side by side with only spaces between ('101 112', '1A 1B'). */
const TWO_NUMBERS = /^\S*\d\S*\s+\S*\d\S*$/;

export function expandUnitNumbers(pattern: string, maxLength = 50): UnitNumbersResult {
  const numbers: string[] = [];
  const parts = pattern
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: 'Unit numbers are required' };
  for (const part of parts) {
    const ends = part.split(RANGE_SEPARATOR).map((end) => end.trim());
    const unreadable =
      ends.length > 2 ||
      ends.some((end) => end === '') ||
      (ends.length === 1 && (OTHER_RANGE_WORDS.test(part) || TWO_NUMBERS.test(part)));
    if (unreadable) {
      return { error: `'${part}' is not a unit number or a range. ${RANGE_FORMS}` };
    }
    const expanded = ends.length === 2 ? expandRange(ends[0]!, ends[1]!) : [ends[0]!];
    if (typeof expanded === 'string') return { error: expanded };
    numbers.push(...expanded);
    if (numbers.length > MAX_UNITS_AT_ONCE) {
      return { error: `At most ${MAX_UNITS_AT_ONCE} units at once: the pattern names more` };
    }
  }
  const tooLong = numbers.find((number) => number.length > maxLength);
  if (tooLong) return { error: `Unit number ${tooLong} is longer than ${maxLength} characters` };
  const repeated = numbers.find((number, i) => numbers.indexOf(number) !== i);
  if (repeated) return { error: `Unit ${repeated} is named twice` };
  return { numbers };
}

/**
 * The order of unit numbers everywhere (docs/product.md section 12): by the leading digits as
 * a number (1, 2, 10, 16; '101' before '1010'; numbers before names without digits), then by
 * the text with ASCII letters folded ('1A' < '1b' < '2A'), then by the text as written. The
 * server sorts with the SQL twin of this rule, `unitNumberOrder` (src/server/db/unit-order.ts);
 * a test holds the two to the same answers on random unit numbers.
 */
export function compareUnitNumbers(a: string, b: string): number {
  const digitsA = leadingNumber(a);
  const digitsB = leadingNumber(b);
  if (digitsA !== null && digitsB === null) return -1;
  if (digitsA === null && digitsB !== null) return 1;
  if (digitsA !== null && digitsB !== null) {
    // Compared as numbers of any length: more digits is larger, then digit by digit.
    if (digitsA.length !== digitsB.length) return digitsA.length - digitsB.length;
    if (digitsA !== digitsB) return digitsA < digitsB ? -1 : 1;
  }
  return compareCodePoints(foldAscii(a), foldAscii(b)) || compareCodePoints(a, b);
}

/** The leading digits without their leading zeros ('' for '000'), or null with none. */
function leadingNumber(unitNumber: string): string | null {
  const digits = /^[0-9]+/.exec(unitNumber);
  return digits ? digits[0].replace(/^0+/, '') : null;
}

const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** By code point, which is the byte order of UTF-8 (PostgreSQL's "C" collation). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (char) => char.codePointAt(0)!);
  const right = Array.from(b, (char) => char.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! - right[i]!;
  }
  return left.length - right.length;
}
