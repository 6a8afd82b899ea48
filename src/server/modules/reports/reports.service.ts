import { calendarDate, daysBetween } from '../../../shared/dates';
import { EXPENSE_CATEGORIES } from '../../../shared/expense-categories';
import { cents, fromCents, toCents, type Cents } from '../../../shared/money';
import { periodStartOf, reportPeriods } from '../../../shared/report-periods';
import {
  FORM_1099_THRESHOLD,
  INCOME_CATEGORIES,
  INCOME_CATEGORY_LABELS,
  MAX_REPORT_YEARS,
  SCHEDULE_E_RENTS_LINE,
  SCHEDULE_E_RESULT_LINE,
  SCHEDULE_E_TOTAL_EXPENSES_LINE,
  type BooksSummary,
  type CashFlow,
  type ExpenseReport,
  type Form1099Report,
  type ProfitAndLoss,
  type ReportLine,
  type ReportPeriod,
  type ReportQueryValues,
  type ScheduleE,
  type ScheduleELine,
  type TaxYearQueryValues,
} from '../../../shared/schemas/reports';
import type { Context } from '../../context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireManagedProperties, scopeFor } from '../authz';
import {
  read1099Vendors,
  readBookSums,
  readScopedProperties,
  readVendorNames,
  type BookSums,
  type BooksRange,
  type PeriodSum,
  type PropertySum,
  type BooksScope,
} from './reports.repository';

const todayOf = (ctx: Pick<Context, 'now' | 'timeZone'>) => calendarDate(ctx.now, ctx.timeZone);

/**
 * Whose books the caller reads: a member their organisation's (naming another is a 404, as
 * its records would be), limited to their properties when they are; an Admin every
 * organisation's or the one named; only some properties when named (404 when any is not the
 * caller's).
 */
async function booksScopeOf(
  ctx: Context,
  query: { organisationId?: number | undefined; propertyIds?: number[] | undefined },
): Promise<BooksScope> {
  const scope = scopeFor(ctx.actor);
  if (scope.kind === 'none') throw forbidden();
  if (scope.kind === 'all') {
    if (query.propertyIds) await requireManagedProperties(ctx.tx, ctx.actor, query.propertyIds);
    return { organisationId: query.organisationId, propertyIds: query.propertyIds };
  }
  if (query.organisationId !== undefined && query.organisationId !== scope.organisationId) {
    throw notFound('organisations.not_found', 'Organisation not found');
  }
  if (query.propertyIds) await requireManagedProperties(ctx.tx, ctx.actor, query.propertyIds);
  return {
    organisationId: scope.organisationId,
    propertyIds: query.propertyIds ?? scope.propertyIds ?? undefined,
  };
}

/** The days a report covers: a tax year, or from..to (default: this year to today). */
export function rangeOf(query: ReportQueryValues, today: string): BooksRange {
  const { basis, groupBy } = query;
  if (query.year !== undefined) {
    return { basis, groupBy, from: `${query.year}-01-01`, to: `${query.year}-12-31` };
  }
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw badRequest('reports.bad_range', 'From must be on or before To', 'from');
  if (daysBetween(from, to) > MAX_REPORT_YEARS * 366) {
    throw badRequest(
      'reports.range_too_long',
      `A report covers at most ${MAX_REPORT_YEARS} years`,
      'from',
    );
  }
  return { basis, groupBy, from, to };
}

/** Sums amounts into lines, one per key, with an amount per period. */
class LineSums {
  private readonly lines = new Map<string, Cents[]>();
  private readonly index: Map<string, number>;

  constructor(
    private readonly periods: readonly ReportPeriod[],
    range: BooksRange,
  ) {
    this.index = new Map(periods.map((p, i) => [periodStartOf(p.from, range.groupBy), i]));
  }

  add(key: string, periodStart: string, amount: Cents): void {
    const at = this.index.get(periodStart);
    if (at === undefined) throw new Error(`a sum outside the report's periods: ${periodStart}`);
    let amounts = this.lines.get(key);
    if (!amounts) {
      amounts = this.periods.map(() => cents(0));
      this.lines.set(key, amounts);
    }
    amounts[at] = cents(amounts[at]! + amount);
  }

  has(key: string): boolean {
    return this.lines.has(key);
  }

  keys(): string[] {
    return [...this.lines.keys()];
  }

  line(key: string, label: string, scheduleELine: number | null = null): ReportLine {
    const amounts = this.lines.get(key) ?? this.periods.map(() => cents(0));
    return lineOf(key, label, scheduleELine, amounts);
  }
}

function lineOf(
  key: string,
  label: string,
  scheduleELine: number | null,
  amounts: readonly Cents[],
): ReportLine {
  return {
    key,
    label,
    scheduleELine,
    amounts: amounts.map(fromCents),
    total: fromCents(cents(amounts.reduce((sum, amount) => sum + amount, 0))),
  };
}

/** Per period, the sum of lines (each amount times its sign). */
function combine(
  key: string,
  label: string,
  parts: { line: ReportLine; sign: 1 | -1 }[],
  size: number,
) {
  const amounts = Array.from({ length: size }, (_, i) =>
    cents(parts.reduce((sum, { line, sign }) => sum + sign * toCents(line.amounts[i]!), 0)),
  );
  return lineOf(key, label, null, amounts);
}

interface Books {
  scope: BooksScope;
  range: BooksRange;
  periods: ReportPeriod[];
  properties: { id: number; name: string; address: string }[];
  sums: BookSums;
}

async function readBooks(
  ctx: Context,
  query: ReportQueryValues,
  options: Parameters<typeof readBookSums>[3] = {},
): Promise<Books> {
  const scope = await booksScopeOf(ctx, query);
  const range = rangeOf(query, todayOf(ctx));
  const [properties, sums] = [
    await readScopedProperties(ctx.tx, scope),
    await readBookSums(ctx.tx, scope, range, options),
  ];
  return {
    scope,
    range,
    periods: reportPeriods(range.from, range.to, range.groupBy),
    properties,
    sums,
  };
}

function incomeAndExpenseLines(books: Books, sums: readonly PeriodSum[]) {
  const income = new LineSums(books.periods, books.range);
  const expenses = new LineSums(books.periods, books.range);
  for (const sum of sums) {
    if (sum.side === 'income') income.add(sum.category, sum.periodStart, sum.amount);
    if (sum.side === 'expense') expenses.add(sum.category, sum.periodStart, sum.amount);
  }
  const incomeLines = INCOME_CATEGORIES.filter((key) => income.has(key)).map((key) =>
    income.line(key, INCOME_CATEGORY_LABELS[key]),
  );
  const expenseLines = EXPENSE_CATEGORIES.filter((c) => expenses.has(c.value)).map((c) =>
    expenses.line(c.value, c.label, c.scheduleELine),
  );
  const size = books.periods.length;
  const totalIncome = combine(
    'total_income',
    'Total income',
    incomeLines.map((line) => ({ line, sign: 1 })),
    size,
  );
  const totalExpenses = combine(
    'total_expenses',
    'Total expenses',
    expenseLines.map((line) => ({ line, sign: 1 })),
    size,
  );
  const netOperatingIncome = combine(
    'net_operating_income',
    'Net operating income',
    [
      { line: totalIncome, sign: 1 },
      { line: totalExpenses, sign: -1 },
    ],
    size,
  );
  return { incomeLines, expenseLines, totalIncome, totalExpenses, netOperatingIncome };
}

/** Each property's sums, split in one pass (a portfolio has a thousand properties). */
function sumsByProperty(sums: readonly PropertySum[]): (propertyId: number) => PropertySum[] {
  const byProperty = new Map<number, PropertySum[]>();
  for (const sum of sums) {
    const own = byProperty.get(sum.propertyId);
    if (own) own.push(sum);
    else byProperty.set(sum.propertyId, [sum]);
  }
  return (propertyId) => byProperty.get(propertyId) ?? [];
}

const KNOWN_INCOME = new Set<string>(INCOME_CATEGORIES);
const KNOWN_EXPENSES = new Set<string>(EXPENSE_CATEGORIES.map((c) => c.value));

/** A property's income, expenses and NOI over the range (the categories a report shows). */
function propertyTotals(sums: readonly PropertySum[]) {
  let income = 0;
  let expenses = 0;
  for (const sum of sums) {
    if (sum.side === 'income' && KNOWN_INCOME.has(sum.category)) income += sum.amount;
    if (sum.side === 'expense' && KNOWN_EXPENSES.has(sum.category)) expenses += sum.amount;
  }
  return {
    income: fromCents(cents(income)),
    expenses: fromCents(cents(expenses)),
    netOperatingIncome: fromCents(cents(income - expenses)),
  };
}

const rangeAnswer = (books: Books) => ({
  basis: books.range.basis,
  from: books.range.from,
  to: books.range.to,
  groupBy: books.range.groupBy,
  periods: books.periods,
  properties: books.properties.map(({ id, name }) => ({ id, name })),
});

/** Profit and loss: income by category, expenses by Schedule E category, NOI; per property. */
export async function getProfitAndLoss(
  ctx: Context,
  query: ReportQueryValues,
): Promise<ProfitAndLoss> {
  const books = await readBooks(ctx, query, { byProperty: true });
  const all = incomeAndExpenseLines(books, books.sums.periods);
  const sumsOf = sumsByProperty(books.sums.properties);
  const byProperty = books.properties.map((property) => ({
    propertyId: property.id,
    propertyName: property.name,
    ...propertyTotals(sumsOf(property.id)),
  }));
  return {
    ...rangeAnswer(books),
    income: all.incomeLines,
    totalIncome: all.totalIncome,
    expenses: all.expenseLines,
    totalExpenses: all.totalExpenses,
    netOperatingIncome: all.netOperatingIncome,
    byProperty,
  };
}

/**
 * Cash flow: money that came in (payments received, deposits received) and went out
 * (expenses paid, deposits returned), always on a cash basis. A deposit kept is not money
 * moving: it came in when it was received.
 */
export async function getCashFlow(ctx: Context, query: ReportQueryValues): Promise<CashFlow> {
  const books = await readBooks(ctx, { ...query, basis: 'cash' }, { deposits: true });
  const sums = new LineSums(books.periods, books.range);
  for (const sum of books.sums.periods) {
    if (sum.side === 'income' && sum.category === 'payments') {
      sums.add('payments', sum.periodStart, sum.amount);
    } else if (sum.side === 'expense') {
      sums.add('expenses_paid', sum.periodStart, sum.amount);
    } else if (sum.side === 'deposit') {
      sums.add(`deposits_${sum.category}`, sum.periodStart, sum.amount);
    }
  }
  const lines = [
    sums.line('payments', 'Rent and charges received'),
    sums.line('deposits_received', 'Deposits received'),
    sums.line('expenses_paid', 'Expenses paid'),
    sums.line('deposits_returned', 'Deposits returned'),
  ];
  const size = books.periods.length;
  const moneyIn = combine(
    'money_in',
    'Money in',
    [
      { line: lines[0]!, sign: 1 },
      { line: lines[1]!, sign: 1 },
    ],
    size,
  );
  const moneyOut = combine(
    'money_out',
    'Money out',
    [
      { line: lines[2]!, sign: 1 },
      { line: lines[3]!, sign: 1 },
    ],
    size,
  );
  const netCashFlow = combine(
    'net_cash_flow',
    'Net cash flow',
    [
      { line: moneyIn, sign: 1 },
      { line: moneyOut, sign: -1 },
    ],
    size,
  );
  return { ...rangeAnswer(books), lines, moneyIn, moneyOut, netCashFlow };
}

/** Expenses by Schedule E category and by vendor ('No vendor' for those without one). */
export async function getExpenseReport(
  ctx: Context,
  query: ReportQueryValues,
): Promise<ExpenseReport> {
  const books = await readBooks(ctx, query, { byVendor: true });
  const expenses = books.sums.periods.filter((sum) => sum.side === 'expense');
  const { expenseLines, totalExpenses } = incomeAndExpenseLines(books, expenses);
  const vendors = new LineSums(books.periods, books.range);
  for (const sum of expenses) vendors.add(String(sum.vendorId ?? ''), sum.periodStart, sum.amount);
  const ids = vendors.keys().filter(Boolean).map(Number);
  const names = await readVendorNames(ctx.tx, books.scope, ids);
  const byVendor = vendors
    .keys()
    .map((key) => ({
      ...vendors.line(key, key ? (names.get(Number(key)) ?? 'Vendor') : 'No vendor'),
      key: key ? `vendor_${key}` : 'no_vendor',
      vendorId: key ? Number(key) : null,
    }))
    .sort(
      (a, b) =>
        Number(a.vendorId === null) - Number(b.vendorId === null) ||
        a.label.localeCompare(b.label) ||
        (a.vendorId ?? 0) - (b.vendorId ?? 0),
    );
  return { ...rangeAnswer(books), byCategory: expenseLines, byVendor, total: totalExpenses };
}

const lastYearOf = (ctx: Context) => Number(todayOf(ctx).slice(0, 4)) - 1;

/** Schedule E lines from one property's (or every property's) year: 3, 5-19, 20, 21. */
function scheduleELines(income: Cents, expenses: ReadonlyMap<string, Cents>): ScheduleELine[] {
  const expenseLines = EXPENSE_CATEGORIES.map((c) => ({
    line: c.scheduleELine,
    label: c.label,
    amount: fromCents(expenses.get(c.value) ?? cents(0)),
  }));
  const totalExpenses = cents([...expenses.values()].reduce((sum, amount) => sum + amount, 0));
  return [
    { ...SCHEDULE_E_RENTS_LINE, amount: fromCents(income) },
    ...expenseLines,
    { ...SCHEDULE_E_TOTAL_EXPENSES_LINE, amount: fromCents(totalExpenses) },
    { ...SCHEDULE_E_RESULT_LINE, amount: fromCents(cents(income - totalExpenses)) },
  ];
}

/** The Schedule E summary of a tax year, per property and for them all. */
export async function getScheduleE(ctx: Context, query: TaxYearQueryValues): Promise<ScheduleE> {
  const year = query.year ?? lastYearOf(ctx);
  const books = await readBooks(ctx, { ...query, year, groupBy: 'year' }, { byProperty: true });
  const sumsOf = sumsByProperty(books.sums.properties);
  const linesFor = (sums: readonly (PeriodSum | PropertySum)[]) => {
    let income = 0;
    const expenses = new Map<string, Cents>();
    for (const sum of sums) {
      if (sum.side === 'income') income += sum.amount;
      if (sum.side === 'expense') {
        expenses.set(sum.category, cents((expenses.get(sum.category) ?? 0) + sum.amount));
      }
    }
    return scheduleELines(cents(income), expenses);
  };
  return {
    year,
    basis: books.range.basis,
    properties: books.properties.map((property) => ({
      propertyId: property.id,
      propertyName: property.name,
      address: property.address,
      lines: linesFor(sumsOf(property.id)),
    })),
    total: linesFor(books.sums.periods),
  };
}

/** Vendors flagged for a 1099 paid in the tax year, the threshold marked. */
export async function get1099Report(
  ctx: Context,
  query: TaxYearQueryValues,
): Promise<Form1099Report> {
  const year = query.year ?? lastYearOf(ctx);
  const scope = await booksScopeOf(ctx, query);
  const vendors = await read1099Vendors(ctx.tx, scope, {
    from: `${year}-01-01`,
    to: `${year}-12-31`,
  });
  const threshold = toCents(FORM_1099_THRESHOLD);
  return {
    year,
    threshold: FORM_1099_THRESHOLD,
    vendors: vendors.map((vendor) => ({
      vendorId: vendor.vendorId,
      name: vendor.name,
      taxIdLast4: vendor.taxId ? vendor.taxId.replace(/[^0-9A-Za-z]/g, '').slice(-4) : null,
      payments: vendor.payments,
      total: fromCents(vendor.total),
      meetsThreshold: vendor.total >= threshold,
    })),
  };
}

/** Months back the dashboard's series covers, this one included. */
export const BOOKS_SERIES_MONTHS = 12;

/**
 * The dashboard's books, on a cash basis as its rent collected: this month's and this year's
 * income, expenses and net operating income, and income against expenses for 12 months.
 */
export async function getBooksSummary(
  ctx: Context,
  query: { organisationId?: number | undefined },
): Promise<BooksSummary> {
  const scope = await booksScopeOf(ctx, query);
  const today = todayOf(ctx);
  const periods = reportPeriods(today, today, 'month');
  const seriesStart = shiftMonths(periods[0]!.from.slice(0, 7), -(BOOKS_SERIES_MONTHS - 1));
  const yearStart = `${today.slice(0, 4)}-01`;
  const from = `${seriesStart < yearStart ? seriesStart : yearStart}-01`;
  const range: BooksRange = { basis: 'cash', groupBy: 'month', from, to: today };
  const { periods: sums } = await readBookSums(ctx.tx, scope, range);
  const months = new Map<string, { income: number; expenses: number }>();
  for (const sum of sums) {
    const month = sum.periodStart.slice(0, 7);
    const figures = months.get(month) ?? { income: 0, expenses: 0 };
    if (sum.side === 'income') figures.income += sum.amount;
    if (sum.side === 'expense') figures.expenses += sum.amount;
    months.set(month, figures);
  }
  const figuresOf = (selected: string[]) => {
    const income = cents(selected.reduce((sum, m) => sum + (months.get(m)?.income ?? 0), 0));
    const expenses = cents(selected.reduce((sum, m) => sum + (months.get(m)?.expenses ?? 0), 0));
    return {
      income: fromCents(income),
      expenses: fromCents(expenses),
      netOperatingIncome: fromCents(cents(income - expenses)),
    };
  };
  const thisMonth = today.slice(0, 7);
  const series = Array.from({ length: BOOKS_SERIES_MONTHS }, (_, i) => shiftMonths(seriesStart, i));
  const yearMonths = reportPeriods(`${yearStart}-01`, today, 'month').map((p) => p.key);
  return {
    month: figuresOf([thisMonth]),
    yearToDate: figuresOf(yearMonths),
    series: series.map((month) => ({
      month,
      income: fromCents(cents(months.get(month)?.income ?? 0)),
      expenses: fromCents(cents(months.get(month)?.expenses ?? 0)),
    })),
  };
}

/** 'YYYY-MM' moved by `k` months. */
function shiftMonths(month: string, k: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + k;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
