import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandUnitNumbers, MAX_UNITS_AT_ONCE } from './unit-numbers';

const numbersOf = (pattern: string) => {
  const result = expandUnitNumbers(pattern);
  if ('error' in result) throw new Error(result.error);
  return result.numbers;
};
const errorOf = (pattern: string) => {
  const result = expandUnitNumbers(pattern);
  return 'error' in result ? result.error : null;
};

describe('expandUnitNumbers', () => {
  it('expands a numeric range', () => {
    expect(numbersOf('101-112')).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
      '111',
      '112',
    ]);
  });

  it('expands a letter range with a shared prefix', () => {
    expect(numbersOf('1A-1F')).toEqual(['1A', '1B', '1C', '1D', '1E', '1F']);
    expect(numbersOf('B-D')).toEqual(['B', 'C', 'D']);
  });

  it('keeps zero padding and prefixes', () => {
    expect(numbersOf('01-03')).toEqual(['01', '02', '03']);
    expect(numbersOf('9-11')).toEqual(['9', '10', '11']);
    expect(numbersOf('Apt 8-Apt 10')).toEqual(['Apt 8', 'Apt 9', 'Apt 10']);
  });

  it("reads 'to' and any dash as a range", () => {
    expect(numbersOf('101 to 112')).toHaveLength(12);
    expect(numbersOf('101 TO 103, 1A to 1C')).toEqual(['101', '102', '103', '1A', '1B', '1C']);
    expect(numbersOf('101\u2013103')).toEqual(['101', '102', '103']);
    expect(numbersOf('101 - 103')).toEqual(['101', '102', '103']);
  });

  it('refuses other ways of saying a range instead of naming one unit after them', () => {
    for (const pattern of ['101 through 112', '101 thru 112', '101..112', '101 112', '1A 1B']) {
      expect(errorOf(pattern)).toBe(
        `'${pattern}' is not a unit number or a range. Write a range as 101-112, 101 to 112 or 1A-1F`,
      );
    }
    expect(numbersOf('Apt 8, PH, Garage 2')).toEqual(['Apt 8', 'PH', 'Garage 2']);
  });

  it('allows exactly 500 units at once', () => {
    expect(MAX_UNITS_AT_ONCE).toBe(500);
    expect(numbersOf('1-500')).toHaveLength(500);
    expect(numbersOf('1-250, 301-550')).toHaveLength(500);
  });

  it('joins parts separated by commas, single numbers included', () => {
    expect(numbersOf('101-103, 201-202, PH')).toEqual(['101', '102', '103', '201', '202', 'PH']);
  });

  it('refuses what it cannot read, backwards ranges, repeats and too many units', () => {
    expect(errorOf('')).toBe('Unit numbers are required');
    expect(errorOf(' , ')).toBe('Unit numbers are required');
    expect(errorOf('112-101')).toBe('The range 112-101 runs backwards');
    expect(errorOf('1A-2B')).toMatch(/both ends alike/);
    expect(errorOf('A-c')).toMatch(/upper and lower case/);
    expect(errorOf('1-2-3')).toMatch(/is not a unit number or a range/);
    expect(errorOf('101-103, 103')).toBe('Unit 103 is named twice');
    expect(errorOf(`1-${MAX_UNITS_AT_ONCE + 1}`)).toBe(
      `At most 500 units at once: 1-501 names 501`,
    );
    expect(errorOf('1-5000')).toBe('At most 500 units at once: 1-5000 names 5,000');
    expect(errorOf('1-99999999999')).toMatch(/^At most 500 units at once/);
    expect(errorOf(`1-300, 401-700`)).toBe(`At most 500 units at once: the pattern names more`);
    expect(errorOf(`${'x'.repeat(49)}8-${'x'.repeat(49)}10`)).toMatch(/longer than 50/);
  });

  it('names exactly the numbers of any ascending numeric range, in order, without repeats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: MAX_UNITS_AT_ONCE - 1 }),
        (first, extra) => {
          const numbers = numbersOf(`${first}-${first + extra}`);
          expect(numbers).toHaveLength(extra + 1);
          expect(numbers.map(Number)).toEqual(
            Array.from({ length: extra + 1 }, (_, i) => first + i),
          );
        },
      ),
    );
  });
});
