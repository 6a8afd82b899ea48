import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseDecimalCents, type Cents } from '../../../shared/money';
import type { ReportBasis, ReportGrouping } from '../../../shared/schemas/reports';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { booksReading, type EdgeDays } from './books-months';

/**
 * The landlord's books in SQL (docs/product.md section 30, decision 0022). Every report reads
 * the same grouped sums: income, expenses and deposit movements per property, period and
 * category, summed in the database and read as exact cents. The reports add them up.
 */

/** Whose properties: one landlord's (or every landlord's), optionally only some of them. */
export interface BooksScope {
  ownerId: number | undefined;
  propertyIds: readonly number[] | undefined;
}

export interface BooksRange {
  basis: ReportBasis;
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

/** The scoped properties' own condition (`p` is properties). */
function ownedProperties(scope: BooksScope): SQL {
  const owner = scope.ownerId === undefined ? sql`true` : sql`p.user_id = ${scope.ownerId}`;
  const some =
    scope.propertyIds === undefined
      ? sql`true`
      : sql`p.id = ANY(${sql.param([...scope.propertyIds])}::int[])`;
  return sql`${owner} AND ${some}`;
}

/**
 * `sl`: the scoped leases, each with its property. Not materialized, so the planner keeps the
 * statistics of leases and hashes the few leases, not the many entries; OFFSET 0 keeps it one
 * subquery, so an entry finds its property in one probe, not one per table.
 */
function scopeCte(scope: BooksScope): SQL {
  return sql`
    sl AS NOT MATERIALIZED (
      SELECT l.id, u.property_id FROM properties p
      JOIN units u ON u.property_id = p.id
      JOIN leases l ON l.unit_id = u.id
      WHERE ${ownedProperties(scope)}
      OFFSET 0)`;
}

/** The days of the edges (see BooksReading) and each row's sign: `day` is a date column. */
function edgeDays(day: SQL, edges: readonly EdgeDays[]) {
  const within = (edge: EdgeDays) => sql`${day} BETWEEN ${edge.from}::date AND ${edge.to}::date`;
  return {
    where: sql`(${sql.join(edges.map(within), sql` OR `)})`,
    sign: sql`CASE ${sql.join(
      edges.map((edge) => sql`WHEN ${within(edge)} THEN ${sql.raw(String(edge.sign))}`),
      sql` `,
    )} END`,
  };
}

/**
 * `inc`: the income of the edge days, one row per ledger entry that counts, with its
 * property, day, income category, signed amount and sign (the rules are those of the
 * monthly totals: books_income_lines in drizzle/0031_books_month_totals.sql).
 * - `ent`: the entries dated in the edges of the kinds the basis counts, and the reversals
 *   dated in the edges (few: read by their own index), each with the kind and category of
 *   the entry it undoes and the negative of its amount. `counted_id` is the entry that
 *   counts (the one reversed), to tell whether a deposit paid it. The entry undone is read
 *   by its primary key (LIMIT 1 keeps it so): the planner would otherwise hash the whole
 *   ledger, in parallel, to find a few thousand entries.
 * - Cash: payments (a reversal of a payment subtracts on its own date), and credits paid
 *   from a deposit (the deposit money the landlord keeps becomes income that day).
 * - Accrual: charges by category, less credits, each reversal on its own date; the opening
 *   balance (income of the earlier books) and credits paid from a deposit (a way of paying,
 *   not a reduction of what was earned) do not count.
 */
function incomeCtes(range: BooksRange, edges: readonly EdgeDays[]): SQL {
  const cash = range.basis === 'cash';
  const kinds = cash ? sql`('payment', 'credit')` : sql`('charge', 'credit')`;
  const counts = cash
    ? sql`SELECT property_id, day,
                 CASE WHEN kind = 'payment' THEN 'payments' ELSE 'deposit_kept' END AS category,
                 sign * amount AS amount, sign
          FROM ent WHERE kind = 'payment' OR (kind = 'credit' AND ${fromDeposit})`
    : sql`SELECT property_id, day,
                 CASE WHEN kind = 'charge' THEN coalesce(category, 'other') ELSE 'credits' END
                   AS category,
                 sign * CASE WHEN kind = 'credit' THEN -amount ELSE amount END AS amount, sign
          FROM ent
          WHERE coalesce(category, '') <> 'opening_balance'
            AND (kind = 'charge' OR (kind = 'credit' AND NOT ${fromDeposit}))`;
  const entry = edgeDays(sql`e.entry_date`, edges);
  const reversal = edgeDays(sql`r.entry_date`, edges);
  return sql`
    ent AS (
      SELECT sl.property_id, e.entry_date AS day, e.kind, e.category, e.amount,
             e.id AS counted_id, ${entry.sign} AS sign
      FROM sl JOIN ledger_entries e ON e.lease_id = sl.id
      WHERE e.kind IN ${kinds} AND ${entry.where}
      UNION ALL
      SELECT sl.property_id, r.entry_date, o.kind, o.category, -r.amount, o.id, ${reversal.sign}
      FROM sl JOIN ledger_entries r ON r.lease_id = sl.id
      CROSS JOIN LATERAL (
        SELECT o.id, o.kind, o.category FROM ledger_entries o WHERE o.id = r.reverses_id LIMIT 1
      ) o
      WHERE r.reverses_id IS NOT NULL AND o.kind IN ${kinds} AND ${reversal.where}),
    inc AS (${counts})`;
}

/** Whether a deposit transaction names the entry that counts (by its own index). */
const fromDeposit = sql`EXISTS (
  SELECT 1 FROM deposit_transactions dt WHERE dt.ledger_entry_id = counted_id)`;

/** `ex`: expenses of the scoped properties paid (cash) or incurred (accrual) in the edges. */
function expenseCte(scope: BooksScope, range: BooksRange, edges: readonly EdgeDays[]): SQL {
  const day = range.basis === 'cash' ? sql`x.paid_on` : sql`x.expense_date`;
  const days = edgeDays(day, edges);
  return sql`
    ex AS (
      SELECT x.property_id, ${day} AS day, x.category, x.vendor_id,
             ${days.sign} * x.amount AS amount, ${days.sign} AS sign
      FROM properties p JOIN expenses x ON x.property_id = p.id
      WHERE ${ownedProperties(scope)} AND ${days.where})`;
}

/** `dm`: deposit money received from tenants and returned to them in the edges (cash flow). */
function depositMovesCte(edges: readonly EdgeDays[]): SQL {
  const days = edgeDays(sql`dt.transaction_date`, edges);
  return sql`
    dm AS (
      SELECT sl.property_id, dt.transaction_date AS day, dt.kind AS category,
             ${days.sign} * dt.amount AS amount, ${days.sign} AS sign
      FROM sl JOIN deposit_transactions dt ON dt.lease_id = sl.id
      WHERE dt.kind IN ('received', 'returned') AND ${days.where})`;
}

/**
 * `tot`: the monthly totals (books_month_totals) of the scoped properties for the months
 * read whole, each on its month's first day.
 */
function totalsCte(
  scope: BooksScope,
  range: BooksRange,
  months: { first: string; last: string },
  sides: readonly BookSide[],
): SQL {
  return sql`
    tot AS (
      SELECT t.side, t.property_id, t.month AS day, t.category, t.vendor_id, t.amount, t.entries
      FROM properties p JOIN books_month_totals t ON t.property_id = p.id
      WHERE ${ownedProperties(scope)} AND t.basis = ${range.basis}
        AND t.month BETWEEN ${months.first}::date AND ${months.last}::date
        AND t.side IN (${sql.join(
          sides.map((side) => sql`${side}`),
          sql`, `,
        )}))`;
}

export type BookSide = 'income' | 'expense' | 'deposit';

/** The portfolio's sum of one side and category (and vendor) in one period. */
export interface PeriodSum {
  side: BookSide;
  /** First day of the period (month, quarter or year) the amounts fall in. */
  periodStart: string;
  category: string;
  vendorId: number | null;
  amount: Cents;
}

/** One property's sum of one side and category over the whole range. */
export interface PropertySum {
  side: BookSide;
  propertyId: number;
  category: string;
  amount: Cents;
}

export interface BookSums {
  periods: PeriodSum[];
  /** Empty unless asked for (`byProperty`). */
  properties: PropertySum[];
}

const bookSumRow = z.object({
  side: z.enum(['income', 'expense', 'deposit']),
  property_id: z.coerce.number().nullable(),
  period_start: z.string().nullable(),
  category: z.string(),
  vendor_id: z.coerce.number().nullable(),
  amount: z.string(),
});

export interface BookSumOptions {
  /** Split expenses by vendor too. */
  byVendor?: boolean;
  /** Add deposit money received and returned (side 'deposit'). */
  deposits?: boolean;
  /** Add each property's sums over the range. */
  byProperty?: boolean;
}

/** date_trunc's unit for each grouping (a literal: the planner folds it). */
const GROUPING_UNITS: Record<ReportGrouping, string> = {
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/**
 * The books of the range in one statement (decision 0027): the monthly totals of the months
 * read whole, and the rows (income entries, expenses, deposit movements) of the edge days,
 * each with its sign, summed in one pass into at most two small hashed groupings: the
 * portfolio's sums per day and category (and vendor), and each property's sums per category
 * over the range. The days are then summed into periods (date_trunc on a few hundred days). A
 * group whose rows cancel out (none left once the edges are taken out) is no line at all, as
 * when the rows were read one by one.
 */
export function bookSumsStatement(
  scope: BooksScope,
  range: BooksRange,
  options: BookSumOptions = {},
): SQL {
  const unit = sql.raw(`'${GROUPING_UNITS[range.groupBy]}'`);
  const period = sql`date_trunc(${unit}, day::timestamp)`;
  const vendor = options.byVendor ? sql`vendor_id` : sql`NULL::int`;
  const { months, edges } = booksReading(range.from, range.to);
  const sides: BookSide[] = options.deposits
    ? ['income', 'expense', 'deposit']
    : ['income', 'expense'];
  const ctes: SQL[] = [];
  const parts: SQL[] = [];
  if (months) {
    ctes.push(totalsCte(scope, range, months, sides));
    parts.push(
      sql`SELECT side, property_id, day, category, ${vendor} AS vendor_id, amount, entries FROM tot`,
    );
  }
  if (edges.length > 0) {
    ctes.push(scopeCte(scope), incomeCtes(range, edges), expenseCte(scope, range, edges));
    parts.push(
      sql`SELECT 'income' AS side, property_id, day, category, NULL::int AS vendor_id, amount,
                 sign AS entries FROM inc`,
      sql`SELECT 'expense', property_id, day, category, ${vendor}, amount, sign FROM ex`,
    );
    if (options.deposits) {
      ctes.push(depositMovesCte(edges));
      parts.push(sql`SELECT 'deposit', property_id, day, category, NULL::int, amount, sign
                     FROM dm`);
    }
  }
  // A property's row has no day; a portfolio's row has no property.
  const sets = options.byProperty
    ? sql`GROUPING SETS ((side, day, category, vendor_id), (side, property_id, category))`
    : sql`side, day, category, vendor_id`;
  const propertyId = options.byProperty ? sql`property_id` : sql`NULL::int`;
  return sql`WITH ${sql.join(ctes, sql`,`)},
    books AS (${sql.join(parts, sql` UNION ALL `)}),
    daily AS (
      SELECT side, ${propertyId} AS property_id, day, category, vendor_id,
             sum(amount) AS amount, sum(entries) AS entries
      FROM books GROUP BY ${sets})
    SELECT side, property_id, to_char(${period}, 'YYYY-MM-DD') AS period_start, category,
           vendor_id, sum(amount)::text AS amount
    FROM daily GROUP BY side, property_id, ${period}, category, vendor_id
    HAVING sum(entries) <> 0`;
}

/**
 * The planner counts the groups of rows it cannot see the statistics of (a union) in tens of
 * thousands and, to stay within the default memory for hashing, sorts half a million rows
 * instead of hashing a few thousand groups; JIT compiling costs more than it saves here.
 * Both only for the rest of this transaction.
 */
async function tuneForBookSums(db: Database): Promise<void> {
  await db.execute(
    sql`SELECT set_config('hash_mem_multiplier', '8', true), set_config('jit', 'off', true)`,
  );
}

/** The grouped sums of the books for the scope and range (see bookSumsStatement). */
export async function readBookSums(
  db: Database,
  scope: BooksScope,
  range: BooksRange,
  options: BookSumOptions = {},
): Promise<BookSums> {
  await tuneForBookSums(db);
  const rows = await readRows(db, bookSumsStatement(scope, range, options), bookSumRow);
  const sums: BookSums = { periods: [], properties: [] };
  for (const row of rows) {
    const amount = parseDecimalCents(row.amount);
    if (row.property_id !== null) {
      const { side, property_id: propertyId, category } = row;
      sums.properties.push({ side, propertyId, category, amount });
    } else if (row.period_start !== null) {
      const { side, period_start: periodStart, category, vendor_id: vendorId } = row;
      sums.periods.push({ side, periodStart, category, vendorId, amount });
    }
  }
  return sums;
}

const propertyRow = z.object({
  id: z.coerce.number(),
  name: z.string(),
  address: z.string(),
});

/** The scoped properties, by name: the rows and columns of a report. */
export function readScopedProperties(db: Database, scope: BooksScope) {
  return readRows(
    db,
    sql`SELECT p.id, p.name,
               p.address || ', ' || p.city || ', ' || p.state || ' ' || p.zip_code AS address
        FROM properties p WHERE ${ownedProperties(scope)} ORDER BY lower(p.name), p.id`,
    propertyRow,
  );
}

const vendorRow = z.object({
  id: z.coerce.number(),
  name: z.string(),
  tax_id: z.string().nullable(),
  payments: z.coerce.number(),
  total: z.string(),
});

/**
 * Vendors flagged for a 1099 that the scoped properties paid from `from` to `to` (by the day
 * paid, whatever the basis: a 1099 reports payments), with how many payments and their sum.
 */
export async function read1099Vendors(
  db: Database,
  scope: BooksScope,
  range: { from: string; to: string },
) {
  const owner = scope.ownerId === undefined ? sql`true` : sql`v.owner_id = ${scope.ownerId}`;
  const rows = await readRows(
    db,
    sql`SELECT v.id, v.name, v.tax_id, count(*) AS payments, sum(x.amount)::text AS total
        FROM properties p JOIN expenses x ON x.property_id = p.id
        JOIN vendors v ON v.id = x.vendor_id
        WHERE v.receives_1099 AND ${owner} AND ${ownedProperties(scope)}
          AND x.paid_on BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY v.id, v.name, v.tax_id
        ORDER BY lower(v.name), v.id`,
    vendorRow,
  );
  return rows.map((row) => ({
    vendorId: row.id,
    name: row.name,
    taxId: row.tax_id,
    payments: row.payments,
    total: parseDecimalCents(row.total),
  }));
}

/** Names of vendors, by id (an expense report's rows). */
export async function readVendorNames(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows(
    db,
    sql`SELECT id, name FROM vendors WHERE id = ANY(${sql.param([...ids])}::int[])`,
    z.object({ id: z.coerce.number(), name: z.string() }),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
