import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseDecimalCents, type Cents } from '../../../shared/money';
import type { ReportBasis, ReportGrouping } from '../../../shared/schemas/reports';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';

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

/**
 * `inc`: the income of the range, one row per ledger entry that counts, with its property,
 * day, income category and signed amount.
 * - `ent`: the entries dated in the range of the kinds the basis counts, and the reversals
 *   dated in the range (few: read by their own index), each with the kind and category of
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
function incomeCtes(range: BooksRange): SQL {
  const cash = range.basis === 'cash';
  const kinds = cash ? sql`('payment', 'credit')` : sql`('charge', 'credit')`;
  const counts = cash
    ? sql`SELECT property_id, day,
                 CASE WHEN kind = 'payment' THEN 'payments' ELSE 'deposit_kept' END AS category,
                 amount
          FROM ent WHERE kind = 'payment' OR (kind = 'credit' AND ${fromDeposit})`
    : sql`SELECT property_id, day,
                 CASE WHEN kind = 'charge' THEN coalesce(category, 'other') ELSE 'credits' END
                   AS category,
                 CASE WHEN kind = 'credit' THEN -amount ELSE amount END AS amount
          FROM ent
          WHERE coalesce(category, '') <> 'opening_balance'
            AND (kind = 'charge' OR (kind = 'credit' AND NOT ${fromDeposit}))`;
  return sql`
    ent AS (
      SELECT sl.property_id, e.entry_date AS day, e.kind, e.category, e.amount,
             e.id AS counted_id
      FROM sl JOIN ledger_entries e ON e.lease_id = sl.id
      WHERE e.kind IN ${kinds}
        AND e.entry_date BETWEEN ${range.from}::date AND ${range.to}::date
      UNION ALL
      SELECT sl.property_id, r.entry_date, o.kind, o.category, -r.amount, o.id
      FROM sl JOIN ledger_entries r ON r.lease_id = sl.id
      CROSS JOIN LATERAL (
        SELECT o.id, o.kind, o.category FROM ledger_entries o WHERE o.id = r.reverses_id LIMIT 1
      ) o
      WHERE r.reverses_id IS NOT NULL AND o.kind IN ${kinds}
        AND r.entry_date BETWEEN ${range.from}::date AND ${range.to}::date),
    inc AS (${counts})`;
}

/** Whether a deposit transaction of the scoped leases names the entry that counts. */
const fromDeposit = sql`counted_id IN (
  SELECT dt.ledger_entry_id FROM sl JOIN deposit_transactions dt ON dt.lease_id = sl.id
  WHERE dt.ledger_entry_id IS NOT NULL)`;

/** `ex`: expenses of the scoped properties, paid (cash) or incurred (accrual) in the range. */
function expenseCte(scope: BooksScope, range: BooksRange): SQL {
  const day = range.basis === 'cash' ? sql`x.paid_on` : sql`x.expense_date`;
  return sql`
    ex AS (
      SELECT x.property_id, ${day} AS day, x.category, x.vendor_id, x.amount
      FROM properties p JOIN expenses x ON x.property_id = p.id
      WHERE ${ownedProperties(scope)}
        AND ${day} BETWEEN ${range.from}::date AND ${range.to}::date)`;
}

/** `dm`: deposit money received from tenants and returned to them in the range (cash flow). */
function depositMovesCte(range: BooksRange): SQL {
  return sql`
    dm AS (
      SELECT sl.property_id, dt.transaction_date AS day, dt.kind AS category, dt.amount
      FROM sl JOIN deposit_transactions dt ON dt.lease_id = sl.id
      WHERE dt.kind IN ('received', 'returned')
        AND dt.transaction_date BETWEEN ${range.from}::date AND ${range.to}::date)`;
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
 * One pass over the rows of the books (income entries, expenses, deposit movements) into
 * at most two small hashed groupings: the portfolio's sums per day and category (and vendor),
 * and each property's sums per category over the range. The days are then summed into
 * periods (date_trunc on a thousand days, not on every entry). A few thousand rows for a
 * portfolio of a thousand properties, whatever the number of entries.
 */
export function bookSumsStatement(
  scope: BooksScope,
  range: BooksRange,
  options: BookSumOptions = {},
): SQL {
  const unit = sql.raw(`'${GROUPING_UNITS[range.groupBy]}'`);
  const period = sql`date_trunc(${unit}, day::timestamp)`;
  const vendor = options.byVendor ? sql`vendor_id` : sql`NULL::int`;
  const ctes = [scopeCte(scope), incomeCtes(range), expenseCte(scope, range)];
  const parts = [
    sql`SELECT 'income' AS side, property_id, day, category, NULL::int AS vendor_id, amount
        FROM inc`,
    sql`SELECT 'expense', property_id, day, category, ${vendor}, amount FROM ex`,
  ];
  if (options.deposits) {
    ctes.push(depositMovesCte(range));
    parts.push(sql`SELECT 'deposit', property_id, day, category, NULL::int, amount FROM dm`);
  }
  // A property's row has no day; a portfolio's row has no property.
  const sets = options.byProperty
    ? sql`GROUPING SETS ((side, day, category, vendor_id), (side, property_id, category))`
    : sql`side, day, category, vendor_id`;
  const propertyId = options.byProperty ? sql`property_id` : sql`NULL::int`;
  return sql`WITH ${sql.join(ctes, sql`,`)},
    books AS (${sql.join(parts, sql` UNION ALL `)}),
    daily AS (
      SELECT side, ${propertyId} AS property_id, day, category, vendor_id, sum(amount) AS amount
      FROM books GROUP BY ${sets})
    SELECT side, property_id, to_char(${period}, 'YYYY-MM-DD') AS period_start, category,
           vendor_id, sum(amount)::text AS amount
    FROM daily GROUP BY side, property_id, ${period}, category, vendor_id`;
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
