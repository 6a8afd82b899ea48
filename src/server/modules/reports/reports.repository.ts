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

/** `p`: the scoped properties; `sl`: their leases, each with its property. */
function scopeCtes(scope: BooksScope): SQL {
  const owner = scope.ownerId === undefined ? sql`true` : sql`user_id = ${scope.ownerId}`;
  const some =
    scope.propertyIds === undefined
      ? sql`true`
      : sql`id = ANY(${sql.param([...scope.propertyIds])}::int[])`;
  return sql`
    p AS MATERIALIZED (SELECT id FROM properties WHERE ${owner} AND ${some}),
    sl AS MATERIALIZED (
      SELECT l.id, u.property_id FROM p
      JOIN units u ON u.property_id = p.id
      JOIN leases l ON l.unit_id = u.id)`;
}

/**
 * `inc`: the income of the range, one row per ledger entry that counts, with its property,
 * day, income category and signed amount.
 * - `ent`: the entries dated in the range, a reversal carrying the kind and category of the
 *   entry it undoes (read by its primary key) and the negative of its amount; whether the
 *   entry (or the one reversed) was paid from a deposit (a deposit transaction names it).
 * - Cash: payments (a reversal of a payment subtracts on its own date), and credits paid
 *   from a deposit (the deposit money the landlord keeps becomes income that day).
 * - Accrual: charges by category, less credits, each reversal on its own date; the opening
 *   balance (income of the earlier books) and credits paid from a deposit (a way of paying,
 *   not a reduction of what was earned) do not count.
 */
function incomeCtes(range: BooksRange): SQL {
  const counts =
    range.basis === 'cash'
      ? sql`SELECT property_id, day,
                   CASE WHEN kind = 'payment' THEN 'payments' ELSE 'deposit_kept' END AS category,
                   amount
            FROM ent WHERE kind = 'payment' OR (kind = 'credit' AND from_deposit)`
      : sql`SELECT property_id, day,
                   CASE WHEN kind = 'charge' THEN coalesce(category, 'other') ELSE 'credits' END
                     AS category,
                   CASE WHEN kind = 'credit' THEN -amount ELSE amount END AS amount
            FROM ent
            WHERE coalesce(category, '') <> 'opening_balance'
              AND (kind = 'charge' OR (kind = 'credit' AND NOT from_deposit))`;
  return sql`
    le AS MATERIALIZED (
      SELECT sl.property_id, e.id, e.kind, e.category, e.amount, e.entry_date, e.reverses_id
      FROM sl JOIN ledger_entries e ON e.lease_id = sl.id
      WHERE e.entry_date BETWEEN ${range.from}::date AND ${range.to}::date),
    dc AS MATERIALIZED (
      SELECT dt.ledger_entry_id AS id FROM sl
      JOIN deposit_transactions dt ON dt.lease_id = sl.id
      WHERE dt.ledger_entry_id IS NOT NULL),
    ent AS (
      SELECT e.property_id, e.entry_date AS day,
             CASE WHEN e.kind = 'reversal' THEN -e.amount ELSE e.amount END AS amount,
             coalesce(o.kind, e.kind) AS kind,
             CASE WHEN e.kind = 'reversal' THEN o.category ELSE e.category END AS category,
             coalesce(o.id, e.id) IN (SELECT id FROM dc) AS from_deposit
      FROM le e LEFT JOIN ledger_entries o ON e.kind = 'reversal' AND o.id = e.reverses_id),
    inc AS (${counts})`;
}

/** `ex`: expenses of the scoped properties, paid (cash) or incurred (accrual) in the range. */
function expenseCte(range: BooksRange): SQL {
  const day = range.basis === 'cash' ? sql`x.paid_on` : sql`x.expense_date`;
  return sql`
    ex AS (
      SELECT x.property_id, ${day} AS day, x.category, x.vendor_id, x.amount
      FROM p JOIN expenses x ON x.property_id = p.id
      WHERE ${day} BETWEEN ${range.from}::date AND ${range.to}::date)`;
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

export interface BookSum {
  side: BookSide;
  propertyId: number;
  /** First day of the period (month, quarter or year) the amounts fall in. */
  periodStart: string;
  category: string;
  vendorId: number | null;
  amount: Cents;
}

const bookSumRow = z.object({
  side: z.enum(['income', 'expense', 'deposit']),
  property_id: z.coerce.number(),
  period_start: z.string(),
  category: z.string(),
  vendor_id: z.coerce.number().nullable(),
  amount: z.string(),
});

export interface BookSumOptions {
  /** Split expenses by vendor too. */
  byVendor?: boolean;
  /** Add deposit money received and returned (side 'deposit'). */
  deposits?: boolean;
}

/** date_trunc's unit for each grouping (a literal: the planner folds it). */
const GROUPING_UNITS: Record<ReportGrouping, string> = {
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

export function bookSumsStatement(
  scope: BooksScope,
  range: BooksRange,
  options: BookSumOptions = {},
): SQL {
  const unit = sql.raw(`'${GROUPING_UNITS[range.groupBy]}'`);
  const period = (column: SQL) =>
    sql`to_char(date_trunc(${unit}, ${column}::timestamp), 'YYYY-MM-DD')`;
  const vendor = options.byVendor ? sql`vendor_id` : sql`NULL::int`;
  const ctes = [scopeCtes(scope), incomeCtes(range), expenseCte(range)];
  const parts = [
    sql`SELECT 'income' AS side, property_id, ${period(sql`day`)} AS period_start, category,
               NULL::int AS vendor_id, sum(amount)::text AS amount
        FROM inc GROUP BY property_id, 3, category`,
    sql`SELECT 'expense', property_id, ${period(sql`day`)}, category, ${vendor},
               sum(amount)::text
        FROM ex GROUP BY property_id, 3, category, 5`,
  ];
  if (options.deposits) {
    ctes.push(depositMovesCte(range));
    parts.push(sql`SELECT 'deposit', property_id, ${period(sql`day`)}, category, NULL::int,
                          sum(amount)::text
                   FROM dm GROUP BY property_id, 3, category`);
  }
  return sql`WITH ${sql.join(ctes, sql`,`)} ${sql.join(parts, sql` UNION ALL `)}`;
}

/** The grouped sums of the books for the scope and range (see bookSumsStatement). */
export async function readBookSums(
  db: Database,
  scope: BooksScope,
  range: BooksRange,
  options: BookSumOptions = {},
): Promise<BookSum[]> {
  const rows = await readRows(db, bookSumsStatement(scope, range, options), bookSumRow);
  return rows.map((row) => ({
    side: row.side,
    propertyId: row.property_id,
    periodStart: row.period_start,
    category: row.category,
    vendorId: row.vendor_id,
    amount: parseDecimalCents(row.amount),
  }));
}

const propertyRow = z.object({
  id: z.coerce.number(),
  name: z.string(),
  address: z.string(),
});

/** The scoped properties, by name: the rows and columns of a report. */
export function readScopedProperties(db: Database, scope: BooksScope) {
  const owner = scope.ownerId === undefined ? sql`true` : sql`user_id = ${scope.ownerId}`;
  const some =
    scope.propertyIds === undefined
      ? sql`true`
      : sql`id = ANY(${sql.param([...scope.propertyIds])}::int[])`;
  return readRows(
    db,
    sql`SELECT id, name, address || ', ' || city || ', ' || state || ' ' || zip_code AS address
        FROM properties WHERE ${owner} AND ${some} ORDER BY lower(name), id`,
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
    sql`WITH ${scopeCtes(scope)}
        SELECT v.id, v.name, v.tax_id, count(*) AS payments, sum(x.amount)::text AS total
        FROM p JOIN expenses x ON x.property_id = p.id
        JOIN vendors v ON v.id = x.vendor_id
        WHERE v.receives_1099 AND ${owner}
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
