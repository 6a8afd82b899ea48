import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseDecimalCents, type Cents } from '../../../shared/money';
import type { ReportBasis, ReportGrouping } from '../../../shared/schemas/reports';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { inOrganisationIdSql } from '../../scope';
import { booksReading, yearsAndMonths, type EdgeDays } from './books-months';

/**
 * The landlord's books in SQL (docs/product.md section 30, decision 0022). Every report reads
 * the same grouped sums: income, expenses and deposit movements per property, period and
 * category, summed in the database and read as exact cents. The reports add them up.
 */

/** Whose properties: one landlord's (or every landlord's), optionally only some of them. */
export interface BooksScope {
  organisationId: number | undefined;
  propertyIds: readonly number[] | undefined;
}

export interface BooksRange {
  basis: ReportBasis;
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

/**
 * A table's own organisation condition (decision 0030) on the row named `alias`: every table a
 * report reads is filtered by it, besides the joins from the scoped properties.
 */
function inScopeOrganisation(scope: BooksScope, alias: string): SQL {
  return inOrganisationIdSql(scope.organisationId, alias);
}

/** The scoped properties' own condition (`p` is properties). */
function ownedProperties(scope: BooksScope): SQL {
  const owner =
    scope.organisationId === undefined
      ? sql`true`
      : sql`p.organisation_id = ${scope.organisationId}`;
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
 *
 * Units and leases are matched to their property's organisation, read with the properties
 * (their own subquery, OFFSET 0), rather than each compared with the organisation's id: the
 * planner takes such conditions as independent of the joins, so with each table's own it
 * counted a hundredth of a small landlord's leases and, for the books summary, walked the
 * day's ledger index once per lease (30% slower); matched to the property it guesses a
 * quarter of them and reads as before.
 */
function scopeCte(scope: BooksScope): SQL {
  const ofProperty = (alias: string) =>
    scope.organisationId === undefined
      ? sql`true`
      : sql`${sql.identifier(alias)}.organisation_id = p.organisation_id`;
  return sql`
    sl AS NOT MATERIALIZED (
      SELECT l.id, u.property_id
      FROM (SELECT p.id, p.organisation_id FROM properties p
            WHERE ${ownedProperties(scope)} OFFSET 0) p
      JOIN units u ON u.property_id = p.id AND ${ofProperty('u')}
      JOIN leases l ON l.unit_id = u.id AND ${ofProperty('l')}
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
 * monthly totals: books_income_lines in drizzle/0031_books_totals.sql).
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
function incomeCtes(scope: BooksScope, range: BooksRange, edges: readonly EdgeDays[]): SQL {
  const cash = range.basis === 'cash';
  const kinds = cash ? sql`('payment', 'credit')` : sql`('charge', 'credit')`;
  const counts = cash
    ? sql`SELECT property_id, day,
                 CASE WHEN kind = 'payment' THEN 'payments' ELSE 'deposit_kept' END AS category,
                 sign * amount AS amount, sign
          FROM ent WHERE kind = 'payment' OR (kind = 'credit' AND ${fromDeposit(scope)})`
    : sql`SELECT property_id, day,
                 CASE WHEN kind = 'charge' THEN coalesce(category, 'other') ELSE 'credits' END
                   AS category,
                 sign * CASE WHEN kind = 'credit' THEN -amount ELSE amount END AS amount, sign
          FROM ent
          WHERE coalesce(category, '') <> 'opening_balance'
            AND (kind = 'charge' OR (kind = 'credit' AND NOT ${fromDeposit(scope)}))`;
  const entry = edgeDays(sql`e.entry_date`, edges);
  const reversal = edgeDays(sql`r.entry_date`, edges);
  return sql`
    ent AS (
      SELECT sl.property_id, e.entry_date AS day, e.kind, e.category, e.amount,
             e.id AS counted_id, ${entry.sign} AS sign
      FROM sl JOIN ledger_entries e ON e.lease_id = sl.id
      WHERE ${inScopeOrganisation(scope, 'e')} AND e.kind IN ${kinds} AND ${entry.where}
      UNION ALL
      SELECT sl.property_id, r.entry_date, o.kind, o.category, -r.amount, o.id, ${reversal.sign}
      FROM sl JOIN ledger_entries r ON r.lease_id = sl.id
      CROSS JOIN LATERAL (
        SELECT o.id, o.kind, o.category FROM ledger_entries o
        WHERE o.id = r.reverses_id AND ${inScopeOrganisation(scope, 'o')} LIMIT 1
      ) o
      WHERE ${inScopeOrganisation(scope, 'r')} AND r.reverses_id IS NOT NULL
        AND o.kind IN ${kinds} AND ${reversal.where}),
    inc AS (${counts})`;
}

/** Whether a deposit transaction names the entry that counts (by its own index). */
const fromDeposit = (scope: BooksScope) => sql`EXISTS (
  SELECT 1 FROM deposit_transactions dt
  WHERE dt.ledger_entry_id = counted_id AND ${inScopeOrganisation(scope, 'dt')})`;

/** `ex`: expenses of the scoped properties paid (cash) or incurred (accrual) in the edges. */
function expenseCte(scope: BooksScope, range: BooksRange, edges: readonly EdgeDays[]): SQL {
  const day = range.basis === 'cash' ? sql`x.paid_on` : sql`x.expense_date`;
  const days = edgeDays(day, edges);
  return sql`
    ex AS (
      SELECT x.property_id, ${day} AS day, x.category, x.vendor_id,
             ${days.sign} * x.amount AS amount, ${days.sign} AS sign
      FROM properties p JOIN expenses x ON x.property_id = p.id
      WHERE ${ownedProperties(scope)} AND ${inScopeOrganisation(scope, 'x')} AND ${days.where})`;
}

/** `dm`: deposit money received from tenants and returned to them in the edges (cash flow). */
function depositMovesCte(scope: BooksScope, edges: readonly EdgeDays[]): SQL {
  const days = edgeDays(sql`dt.transaction_date`, edges);
  return sql`
    dm AS (
      SELECT sl.property_id, dt.transaction_date AS day, dt.kind AS category,
             ${days.sign} * dt.amount AS amount, ${days.sign} AS sign
      FROM sl JOIN deposit_transactions dt ON dt.lease_id = sl.id
      WHERE ${inScopeOrganisation(scope, 'dt')} AND dt.kind IN ('received', 'returned')
        AND ${days.where})`;
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

const sideList = (sides: readonly BookSide[]) =>
  sql.join(
    sides.map((side) => sql`${side}`),
    sql`, `,
  );

/**
 * The portfolio's months first..last from the totals: the landlords' own (one row per month
 * and category, whatever the number of properties) when the report covers all of a landlord's
 * properties (or everyone's), else the named properties' months.
 */
function portfolioMonths(
  scope: BooksScope,
  range: BooksRange,
  months: { first: string; last: string },
  sides: readonly BookSide[],
  vendor: SQL,
): SQL {
  const within = sql`t.basis = ${range.basis} AND t.side IN (${sideList(sides)})
    AND t.month BETWEEN ${months.first}::date AND ${months.last}::date`;
  const owner =
    scope.organisationId === undefined
      ? sql`true`
      : sql`t.organisation_id = ${scope.organisationId}`;
  return scope.propertyIds === undefined
    ? sql`SELECT t.side, t.month AS day, t.category, ${vendor} AS vendor_id, t.amount, t.entries
          FROM books_owner_month_totals t WHERE ${owner} AND ${within}`
    : sql`SELECT t.side, t.month AS day, t.category, ${vendor} AS vendor_id, t.amount, t.entries
          FROM properties p JOIN books_month_totals t ON t.property_id = p.id
          WHERE ${ownedProperties(scope)} AND ${within}`;
}

/** Each scoped property's months first..last from its years and months (yearsAndMonths). */
function propertyMonths(
  scope: BooksScope,
  range: BooksRange,
  months: { first: string; last: string },
  sides: readonly BookSide[],
): SQL {
  const runs = yearsAndMonths(months).map((run) => {
    const [table, period] =
      run.level === 'year'
        ? [sql`books_year_totals`, sql`t.year`]
        : [sql`books_month_totals`, sql`t.month`];
    // Taken out: negative amounts and counts.
    const minus = run.sign === -1 ? sql`-` : sql``;
    return sql`SELECT t.side, t.property_id, t.category, ${minus}t.amount AS amount,
                      ${minus}t.entries AS entries
               FROM properties p JOIN ${table} t ON t.property_id = p.id
               WHERE ${ownedProperties(scope)} AND t.basis = ${range.basis}
                 AND t.side IN (${sideList(sides)})
                 AND ${period} BETWEEN ${run.first}::date AND ${run.last}::date`;
  });
  return sql.join(runs, sql` UNION ALL `);
}

/**
 * The books of the range in one statement (decision 0027): the totals kept ahead of time for
 * the months read whole, and the rows (income entries, expenses, deposit movements) of the
 * edge days, each with its sign. The portfolio's sums per period and category (and vendor) add
 * the landlord's months (a few hundred rows for three years) and the edges; each property's
 * sums over the range (when asked for) add its years and months and the edges. A group whose
 * rows cancel out (none left once the edges are taken out) is no line at all, as when the rows
 * were read one by one.
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
  const portfolio: SQL[] = [];
  const properties: SQL[] = [];
  if (months) {
    portfolio.push(
      portfolioMonths(scope, range, months, sides, options.byVendor ? sql`t.vendor_id` : vendor),
    );
    properties.push(propertyMonths(scope, range, months, sides));
  }
  if (edges.length > 0) {
    const parts = [
      sql`SELECT 'income' AS side, property_id, day, category, NULL::int AS vendor_id, amount,
                 sign AS entries FROM inc`,
      sql`SELECT 'expense', property_id, day, category, vendor_id, amount, sign FROM ex`,
    ];
    ctes.push(scopeCte(scope), incomeCtes(scope, range, edges), expenseCte(scope, range, edges));
    if (options.deposits) {
      ctes.push(depositMovesCte(scope, edges));
      parts.push(sql`SELECT 'deposit', property_id, day, category, NULL::int, amount, sign
                     FROM dm`);
    }
    ctes.push(sql`edge AS (${sql.join(parts, sql` UNION ALL `)})`);
    portfolio.push(
      sql`SELECT side, day, category, ${vendor} AS vendor_id, amount, entries FROM edge`,
    );
    properties.push(sql`SELECT side, property_id, category, amount, entries FROM edge`);
  }
  const answers = [
    sql`SELECT side, NULL::int AS property_id, to_char(${period}, 'YYYY-MM-DD') AS period_start,
               category, vendor_id, sum(amount)::text AS amount
        FROM (${sql.join(portfolio, sql` UNION ALL `)}) books
        GROUP BY side, ${period}, category, vendor_id HAVING sum(entries) <> 0`,
  ];
  if (options.byProperty) {
    answers.push(sql`SELECT side, property_id, NULL, category, NULL::int, sum(amount)::text
        FROM (${sql.join(properties, sql` UNION ALL `)}) books
        GROUP BY side, property_id, category HAVING sum(entries) <> 0`);
  }
  const statement = sql.join(answers, sql` UNION ALL `);
  return ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`,`)} ${statement}` : statement;
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
  const owner =
    scope.organisationId === undefined
      ? sql`true`
      : sql`v.organisation_id = ${scope.organisationId} AND x.organisation_id = ${scope.organisationId}`;
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

/** Names of the scope's vendors, by id (an expense report's rows). */
export async function readVendorNames(
  db: Database,
  scope: BooksScope,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const owner =
    scope.organisationId === undefined ? sql`true` : sql`organisation_id = ${scope.organisationId}`;
  const rows = await readRows(
    db,
    sql`SELECT id, name FROM vendors WHERE ${owner} AND id = ANY(${sql.param([...ids])}::int[])`,
    z.object({ id: z.coerce.number(), name: z.string() }),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
