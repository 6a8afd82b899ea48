import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '../../../shared/schemas/bank';
import { dateOf, guessMapping, lineKeys, readStatement, signedCentsOf } from './statement-files';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('reading bank statements', () => {
  it('reads a CSV with one signed amount column, guessing the mapping from its header', () => {
    const statement = readStatement(fixture('signed-amounts.csv'), null);
    expect(statement.errors).toEqual([]);
    expect(statement.mapping).toMatchObject({
      date: 'Posting Date',
      dateFormat: 'MM/DD/YYYY',
      amountStyle: 'signed',
      amount: 'Amount',
      description: 'Description',
      balance: 'Balance',
    });
    expect(statement.lines.map((line) => [line.postedOn, line.amount])).toEqual([
      ['2026-03-02', 120000],
      ['2026-03-04', -35000],
      ['2026-03-06', -450],
      ['2026-03-06', -450],
      ['2026-03-09', -8025],
    ]);
    expect(statement.balances).toEqual([{ month: '2026-03', amount: 576075, asOf: '2026-03-09' }]);
  });

  it('reads debit and credit columns and day-first dates through a mapping', () => {
    const mapping: CsvMapping = {
      date: 'Date',
      dateFormat: 'DD.MM.YYYY',
      amountStyle: 'debit_credit',
      amount: null,
      debit: 'Debit',
      credit: 'Credit',
      description: 'Details',
      reference: null,
      balance: 'Balance',
    };
    const statement = readStatement(fixture('debit-credit.csv'), mapping);
    expect(statement.errors).toEqual([]);
    expect(statement.lines.map((line) => [line.postedOn, line.amount, line.description])).toEqual([
      ['2026-02-28', 50000, 'Opening transfer'],
      ['2026-03-01', -12000, 'Insurance premium'],
    ]);
    expect(statement.balances.map((b) => [b.month, b.amount])).toEqual([
      ['2026-02', 150000],
      ['2026-03', 138000],
    ]);
  });

  it("takes a month's closing balance from its last line when the file lists newest first", () => {
    const statement = readStatement(fixture('newest-first.csv'), {
      ...guessMapping(['Date', 'Details', 'Debit', 'Credit', 'Balance'], ['09.03.2026'])!,
    });
    expect(statement.balances).toEqual([{ month: '2026-03', amount: 95790, asOf: '2026-03-09' }]);
  });

  it('says which lines cannot be read, and why', () => {
    const statement = readStatement(
      'Date,Description,Amount\n03/02/2026,Ok,10.00\n02/30/2026,Bad day,5\n03/03/2026,Bad amount,"1,5"\n',
      null,
    );
    expect(statement.lines).toHaveLength(1);
    expect(statement.errors.map((error) => error.line)).toEqual([3, 4]);
    expect(statement.errors[0]!.message).toMatch(/not a date written MM\/DD\/YYYY/);
    expect(statement.errors[1]!.message).toMatch(/could be read two ways/);
  });

  it('refuses a mapping that names a column the file lacks', () => {
    const statement = readStatement('Date,Memo,Amount\n03/02/2026,x,1\n', {
      ...guessMapping(['Date', 'Description', 'Amount'], undefined)!,
    });
    expect(statement.errors).toEqual([
      { line: 1, message: 'The file has no column "Description"' },
    ]);
  });

  it('reads an OFX statement: lines with their FITID, and the ledger balance', () => {
    const statement = readStatement(fixture('statement.ofx'), null);
    expect(statement.format).toBe('ofx');
    expect(statement.errors).toEqual([]);
    expect(statement.lines).toMatchObject([
      {
        postedOn: '2026-03-03',
        amount: 95000,
        bankId: '202603030001',
        description: 'ACH DEPOSIT J SMITH Rent',
      },
      {
        postedOn: '2026-03-05',
        amount: -7540,
        bankId: '202603050002',
        description: 'CITY ELECTRIC',
      },
      { postedOn: '2026-03-10', amount: -20000, reference: '1042' },
    ]);
    expect(statement.balances).toEqual([{ month: '2026-03', amount: 267460, asOf: '2026-03-11' }]);
  });

  it('refuses a damaged OFX file with a 400', () => {
    expect(() => readStatement('OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>', null)).toThrow(
      /could not be read|no bank/,
    );
  });

  it('keys CSV lines by date, amount, description and occurrence, so two equal coffees stay two', () => {
    const { lines } = readStatement(fixture('signed-amounts.csv'), null);
    const keys = lineKeys(lines);
    expect(new Set(keys).size).toBe(5);
    expect(lineKeys(lines)).toEqual(keys);
    expect(lineKeys(readStatement(fixture('statement.ofx'), null).lines)[0]).toBe(
      'ofx:202603030001',
    );
  });

  it('reads signed amounts as banks write them, exactly', () => {
    expect(signedCentsOf('-45.00')).toBe(-4500);
    expect(signedCentsOf('(45.10)')).toBe(-4510);
    expect(signedCentsOf('45.00-')).toBe(-4500);
    expect(signedCentsOf('$1,234.56')).toBe(123456);
    expect(signedCentsOf('+0.10')).toBe(10);
    expect(signedCentsOf('')).toBeNull();
    expect(signedCentsOf('abc')).toHaveProperty('error');
    expect(dateOf('2026-3-5', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(dateOf('13/01/2026', 'MM/DD/YYYY')).toBeNull();
    expect(dateOf('13/01/2026', 'DD/MM/YYYY')).toBe('2026-01-13');
  });
});
