import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from './money';
import {
  amountOfMoneyText,
  formatMoneyText,
  moneyTextMessage,
  readMoneyText,
  type MoneyTextProblem,
} from './money-text';

// What people type, and what they paste from a spreadsheet, a bank page or an email.
const amounts: [string, number][] = [
  ['1650', 165_000],
  ['1,650', 165_000],
  ['$1,650.00', 165_000],
  ['$ 1,650.00', 165_000],
  ['1 650.5', 165_050],
  ['1\u00a0650.50', 165_050], // no-break space, as French-formatted pages paste
  ['1\u202f650', 165_000], // narrow no-break space
  ['  1650.5  ', 165_050],
  ['1650.', 165_000],
  ['.5', 50],
  ['0.07', 7],
  ['0', 0],
  ['007', 700],
  ['1,234,567.89', 123_456_789],
  ['1 234 567', 123_456_700],
  ['USD 1,650', 165_000],
  ['1,650.00 USD', 165_000],
  ['US$1,650', 165_000],
  ['\uff11\uff16\uff15\uff10', 165_000], // full-width digits
  ['9,999,999,999.99', 999_999_999_999],
];

const refused: [string, MoneyTextProblem][] = [
  ['1,65', 'ambiguous'],
  ['1,6500', 'ambiguous'],
  ['1,650,0', 'ambiguous'],
  ['12,34,567', 'ambiguous'],
  ['1.650,00', 'ambiguous'],
  ['1.650.000', 'ambiguous'],
  ['1,650 000', 'ambiguous'],
  ['1 65', 'ambiguous'],
  [',650', 'ambiguous'],
  ['1,,650', 'ambiguous'],
  ['1.650', 'decimals'],
  ['1650.005', 'decimals'],
  ['-5', 'negative'],
  ['-$1,650.00', 'negative'],
  ['$-1,650.00', 'negative'],
  ['\u22125', 'negative'],
  ['(1,650.00)', 'negative'],
  ['1650-', 'negative'],
  ['abc', 'not_a_number'],
  ['1650 dollars', 'not_a_number'],
  ['1e3', 'not_a_number'],
  ['$', 'not_a_number'],
  ['.', 'not_a_number'],
  ['0x10', 'not_a_number'],
  ['12345678901234', 'too_large'],
];

describe('money as people write it', () => {
  it.each(amounts)('reads %j as %i cents', (text, expected) => {
    expect(readMoneyText(text)).toEqual({ kind: 'amount', cents: expected });
  });

  it.each(refused)('refuses %j (%s), never guessing', (text, problem) => {
    expect(readMoneyText(text)).toEqual({ kind: 'invalid', problem });
  });

  it('reads an empty or blank field as empty', () => {
    expect(readMoneyText('')).toEqual({ kind: 'empty' });
    expect(readMoneyText('   ')).toEqual({ kind: 'empty' });
    expect(amountOfMoneyText('Rent', ' ')).toEqual({ amount: null });
  });

  it('says what is wrong with the label of the field', () => {
    expect(amountOfMoneyText('Rent', '1,65')).toEqual({
      error:
        'Rent: "1,65" could be read two ways. Use a point for cents and a comma only between groups of three digits, e.g. 1,650.00',
    });
    expect(amountOfMoneyText('Amount', '-5')).toEqual({ error: 'Amount cannot be negative' });
    expect(amountOfMoneyText('Amount', '1.001')).toEqual({
      error: 'Amount can have at most two decimals',
    });
    expect(moneyTextMessage('Cost', 'abc', 'not_a_number')).toBe(
      'Cost must be an amount of money, e.g. 1,650.00',
    );
    expect(amountOfMoneyText('Amount', '1,650')).toEqual({ amount: 1650 });
  });

  it('reads back every amount it shows, and every plain amount the old field accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (value) => {
        const shown = formatMoneyText(cents(value));
        expect(readMoneyText(shown)).toEqual({ kind: 'amount', cents: value });
        expect(readMoneyText(`$${shown}`)).toEqual({ kind: 'amount', cents: value });
        expect(readMoneyText((value / 100).toFixed(2))).toEqual({ kind: 'amount', cents: value });
      }),
    );
  });

  it('shows cents with thousands separators and two decimals', () => {
    expect(formatMoneyText(cents(165_000))).toBe('1,650.00');
    expect(formatMoneyText(cents(5))).toBe('0.05');
  });
});
