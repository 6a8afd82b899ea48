import { createHash } from 'node:crypto';
import { parseSync as parseOfx } from 'ofx-js';
import { isRealDate } from '../../../shared/dates';
import { cents, type Cents } from '../../../shared/money';
import { moneyTextMessage, readMoneyText } from '../../../shared/money-text';
import {
  BANK_DATE_FORMATS,
  MAX_STATEMENT_LINES,
  type BankDateFormat,
  type CsvMapping,
} from '../../../shared/schemas/bank';
import { badRequest } from '../../http/errors';
import { readCsv } from '../imports';

/** One line of a statement as read from the file, before it is saved. */
export interface StatementLine {
  postedOn: string;
  amount: Cents;
  description: string;
  reference: string | null;
  balance: Cents | null;
  /** The bank's own id of the line (OFX FITID), or null for CSV. */
  bankId: string | null;
  /** Where it is in the file (1 is the first line), for error messages. */
  fileLine: number;
}

export interface StatementBalance {
  month: string;
  amount: Cents;
  asOf: string;
}

export interface ReadStatement {
  format: 'csv' | 'ofx';
  headers: string[];
  mapping: CsvMapping | null;
  lines: StatementLine[];
  errors: { line: number; message: string }[];
  balances: StatementBalance[];
}

const refuse = (message: string) => badRequest('bank.bad_file', message, 'content');

/** True for an OFX or QFX file (SGML with a header, or XML). */
export function isOfx(text: string): boolean {
  return (
    /^\s*(OFXHEADER|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(text) || /<OFX>/i.test(text.slice(0, 4000))
  );
}

/** Reads a statement: OFX/QFX, or CSV through the mapping (a guess from its header when none). */
export function readStatement(text: string, mapping: CsvMapping | null | undefined): ReadStatement {
  return isOfx(text) ? readOfx(text) : readCsvStatement(text, mapping ?? null);
}

/** An amount a bank writes: '-45.00', '(45.00)', '$1,234.56', '45.00-'. Signed cents or why not. */
export function signedCentsOf(text: string): Cents | { error: string } | null {
  let rest = text
    .normalize('NFKC')
    .replace(/\u2212/g, '-')
    .trim();
  if (rest === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(rest)) [negative, rest] = [true, rest.slice(1, -1).trim()];
  if (rest.startsWith('-')) [negative, rest] = [!negative, rest.slice(1).trim()];
  else if (rest.startsWith('+')) rest = rest.slice(1).trim();
  if (rest.endsWith('-')) [negative, rest] = [!negative, rest.slice(0, -1).trim()];
  const read = readMoneyText(rest);
  if (read.kind === 'empty') return null;
  if (read.kind === 'invalid') return { error: moneyTextMessage('Amount', text, read.problem) };
  return cents(negative ? -read.cents : read.cents);
}

const DATE_PATTERNS: Record<BankDateFormat, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
};

/** '03/05/2026' read as the format says, as 'YYYY-MM-DD'; null when it is not such a date. */
export function dateOf(text: string, format: BankDateFormat): string | null {
  // A time after the date ('2026-03-05 10:12') says nothing the line needs.
  const match = DATE_PATTERNS[format].exec(text.trim().split(/[ T]/)[0] ?? '');
  if (!match?.groups) return null;
  const { y, m, d } = match.groups as { y: string; m: string; d: string };
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isRealDate(date) ? date : null;
}

/** A first guess of the mapping from the header's words and the first line's date. */
export function guessMapping(headers: string[], firstRow: string[] | undefined): CsvMapping | null {
  const find = (pattern: RegExp, except: (string | null)[] = []) =>
    headers.find((header) => pattern.test(header) && !except.includes(header)) ?? null;
  const date = find(/date|posted/i);
  const description = find(/desc|detail|memo|payee|narrative|name|particular/i, [date]);
  const amount = find(/amount|value/i);
  const debit = find(/debit|withdraw|money out|paid out/i);
  const credit = find(/credit|deposit|money in|paid in/i);
  if (!date || !description || (!amount && !(debit && credit))) return null;
  const sample = firstRow?.[headers.indexOf(date)] ?? '';
  const dateFormat =
    BANK_DATE_FORMATS.find((format) => dateOf(sample, format) !== null) ?? 'MM/DD/YYYY';
  return {
    date,
    dateFormat,
    amountStyle: amount ? 'signed' : 'debit_credit',
    amount: amount,
    debit: amount ? null : debit,
    credit: amount ? null : credit,
    description,
    reference: find(/ref|check|cheque|transaction id/i, [date, description, amount]),
    balance: find(/balance/i),
  };
}

function readCsvStatement(text: string, given: CsvMapping | null): ReadStatement {
  const [headers = [], ...rows] = readCsv(text);
  if (rows.length > MAX_STATEMENT_LINES) {
    throw refuse(`The statement has more than ${MAX_STATEMENT_LINES} lines. Split it by month.`);
  }
  const mapping = given ?? guessMapping(headers, rows[0]);
  const result: ReadStatement = {
    format: 'csv',
    headers,
    mapping,
    lines: [],
    errors: [],
    balances: [],
  };
  if (!mapping) {
    result.errors.push({
      line: 1,
      message: 'Choose which columns hold the date, amount and description',
    });
    return result;
  }
  const columns = [
    mapping.date,
    mapping.amount,
    mapping.debit,
    mapping.credit,
    mapping.description,
    mapping.reference,
    mapping.balance,
  ];
  const missing = columns.filter(
    (column): column is string => !!column && !headers.includes(column),
  );
  if (missing.length > 0) {
    result.errors.push({ line: 1, message: `The file has no column "${missing[0]}"` });
    return result;
  }
  const cell = (row: string[], column: string | null) =>
    column ? (row[headers.indexOf(column)] ?? '').trim() : '';
  rows.forEach((row, index) => {
    const fileLine = index + 2;
    const fail = (message: string) => result.errors.push({ line: fileLine, message });
    const postedOn = dateOf(cell(row, mapping.date), mapping.dateFormat);
    if (!postedOn)
      return fail(`"${cell(row, mapping.date)}" is not a date written ${mapping.dateFormat}`);
    const amount = amountOfRow(cell, row, mapping);
    if (amount !== null && typeof amount === 'object') return fail(amount.error);
    // A line of no money (a note the bank prints between lines) is not a transaction.
    if (amount === null || amount === 0) return;
    const balance = mapping.balance ? signedCentsOf(cell(row, mapping.balance)) : null;
    if (balance !== null && typeof balance === 'object') return fail(`Balance: ${balance.error}`);
    const description = cell(row, mapping.description).replace(/\s+/g, ' ').slice(0, 500);
    result.lines.push({
      postedOn,
      amount,
      description: description || '(no description)',
      reference: cell(row, mapping.reference).slice(0, 100) || null,
      balance,
      bankId: null,
      fileLine,
    });
  });
  result.balances = balancesFromLines(result.lines);
  return result;
}

function amountOfRow(
  cell: (row: string[], column: string | null) => string,
  row: string[],
  mapping: CsvMapping,
): Cents | { error: string } | null {
  if (mapping.amountStyle === 'signed') return signedCentsOf(cell(row, mapping.amount));
  const debit = signedCentsOf(cell(row, mapping.debit));
  const credit = signedCentsOf(cell(row, mapping.credit));
  if (debit !== null && typeof debit === 'object') return debit;
  if (credit !== null && typeof credit === 'object') return credit;
  // Money out is written as a positive debit by most banks, negative by some: out either way.
  return cents(Math.abs(credit ?? 0) - Math.abs(debit ?? 0));
}

/**
 * The closing balance of each month from the running balance a CSV file prints: the balance
 * after the month's last line. Files list lines oldest first or newest first; the dates say
 * which, and among lines of one day the file's own order decides.
 */
export function balancesFromLines(lines: StatementLine[]): StatementBalance[] {
  const withBalance = lines.filter((line) => line.balance !== null);
  if (withBalance.length === 0) return [];
  const newestFirst = withBalance[0]!.postedOn > withBalance.at(-1)!.postedOn;
  const chronological = newestFirst ? [...withBalance].reverse() : withBalance;
  const byMonth = new Map<string, StatementBalance>();
  for (const line of chronological) {
    const month = line.postedOn.slice(0, 7);
    const last = byMonth.get(month);
    if (!last || line.postedOn >= last.asOf) {
      byMonth.set(month, { month, amount: line.balance!, asOf: line.postedOn });
    }
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** '20260305120000.000[-5:EST]' -> '2026-03-05'. */
function ofxDate(value: unknown): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(String(value ?? ''));
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isRealDate(date) ? date : null;
}

type OfxRecord = Record<string, unknown>;

function readOfx(text: string): ReadStatement {
  let parsed: { OFX: OfxRecord };
  try {
    parsed = parseOfx(text) as { OFX: OfxRecord };
  } catch {
    throw refuse('The OFX file could not be read: it is damaged or not an OFX/QFX statement.');
  }
  const statements = [
    ...asList((parsed.OFX.BANKMSGSRSV1 as OfxRecord | undefined)?.STMTTRNRS as OfxRecord[]).map(
      (response) => response?.STMTRS as OfxRecord | undefined,
    ),
    ...asList(
      (parsed.OFX.CREDITCARDMSGSRSV1 as OfxRecord | undefined)?.CCSTMTTRNRS as OfxRecord[],
    ).map((response) => response?.CCSTMTRS as OfxRecord | undefined),
  ].filter((statement): statement is OfxRecord => !!statement && typeof statement === 'object');
  if (statements.length === 0) {
    throw refuse('The OFX file holds no bank or card statement.');
  }
  const result: ReadStatement = {
    format: 'ofx',
    headers: [],
    mapping: null,
    lines: [],
    errors: [],
    balances: [],
  };
  let index = 0;
  for (const statement of statements) {
    const list = statement.BANKTRANLIST as OfxRecord | undefined;
    for (const transaction of asList(list?.STMTTRN as OfxRecord[] | OfxRecord)) {
      index++;
      const fail = (message: string) => result.errors.push({ line: index, message });
      const postedOn = ofxDate(transaction.DTPOSTED);
      if (!postedOn) {
        fail(`Transaction ${index} has no date it was posted`);
        continue;
      }
      const amount = signedCentsOf(String(transaction.TRNAMT ?? ''));
      if (amount === null || typeof amount === 'object') {
        fail(`Transaction ${index}: ${amount?.error ?? 'no amount'}`);
        continue;
      }
      const fitId = String(transaction.FITID ?? '').trim();
      if (!fitId) {
        fail(`Transaction ${index} has no id (FITID)`);
        continue;
      }
      if (amount === 0) continue;
      const name = String(transaction.NAME ?? '').trim();
      const memo = String(transaction.MEMO ?? '').trim();
      const description = [name, memo && memo !== name ? memo : ''].filter(Boolean).join(' ');
      const reference = String(transaction.CHECKNUM ?? transaction.REFNUM ?? '').trim();
      result.lines.push({
        postedOn,
        amount,
        description: description.replace(/\s+/g, ' ').slice(0, 500) || '(no description)',
        reference: reference.slice(0, 100) || null,
        balance: null,
        bankId: fitId.slice(0, 255),
        fileLine: index,
      });
    }
    const ledgerBalance = statement.LEDGERBAL as OfxRecord | undefined;
    const asOf = ofxDate(ledgerBalance?.DTASOF);
    const amount = signedCentsOf(String(ledgerBalance?.BALAMT ?? ''));
    if (asOf && amount !== null && typeof amount !== 'object') {
      result.balances.push({ month: asOf.slice(0, 7), amount, asOf });
    }
  }
  if (result.lines.length > MAX_STATEMENT_LINES) {
    throw refuse(`The statement has more than ${MAX_STATEMENT_LINES} lines. Split it by month.`);
  }
  return result;
}

/**
 * The key that makes a line import once: the bank's id when it gives one, else a fingerprint
 * of the date, the amount, the description and which occurrence of those three in the file it
 * is (two coffees of the same price on one day are two lines; the same file again is none).
 */
export function lineKeys(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankId) return `ofx:${line.bankId}`;
    const what = `${line.postedOn}|${line.amount}|${line.description.toLowerCase()}`;
    const occurrence = (seen.get(what) ?? 0) + 1;
    seen.set(what, occurrence);
    return `csv:${createHash('sha256').update(`${what}|${occurrence}`).digest('hex')}`;
  });
}
