import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fromCents, parseDecimalCents, type Cents } from '../../../shared/money';
import type {
  AgingBuckets,
  ArrearsResponse,
  ArrearsRow,
  ArrearsSortKey,
} from '../../../shared/schemas/money-reports';
import type { SortOrder } from '../../../shared/schemas/paging';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { containsPattern } from '../properties';
import {
  agingCte,
  inScopeOrganisation,
  openChargesCtes,
  overdueCte,
  scopedLeasesCtes,
  type Scope,
} from './money.scope';
import { unitNumberOrder } from '../../db/unit-order';

const centsOfText = (text: string | null | undefined): Cents => parseDecimalCents(text ?? '0');
const amount = (text: string | null | undefined) => fromCents(centsOfText(text));

// ---------- Arrears ----------

export interface ArrearsOptions {
  scope: Scope;
  asOf: string;
  q?: string | undefined;
  sort?: ArrearsSortKey | undefined;
  order: SortOrder;
  limit: number;
  offset: number;
}

interface RawBuckets {
  balance: string | null;
  current: string | null;
  d1: string | null;
  d31: string | null;
  d61: string | null;
  d91: string | null;
}

/** A row of arrearsStatement: counts and ids as numbers, dates and money as text. */
const rawArrearsRow = z.object({
  leases: z.coerce.number(),
  tenants: z.coerce.number(),
  t_balance: z.string(),
  t_current: z.string(),
  t_d1: z.string(),
  t_d31: z.string(),
  t_d61: z.string(),
  t_d91: z.string(),
  lease_id: z.coerce.number().nullable(),
  status: z.string().nullable(),
  tenant_id: z.coerce.number().nullable(),
  tenant_name: z.string().nullable(),
  unit_id: z.coerce.number().nullable(),
  unit_number: z.string().nullable(),
  property_id: z.coerce.number().nullable(),
  property_name: z.string().nullable(),
  balance: z.string(),
  current: z.string(),
  d1: z.string(),
  d31: z.string(),
  d61: z.string(),
  d91: z.string(),
  oldest: z.string().nullable(),
});

/** The same row when it carries a lease (every row but an empty page's one row of totals). */
const arrearsLeaseRow = rawArrearsRow.extend({
  lease_id: z.coerce.number(),
  status: z.string(),
  tenant_id: z.coerce.number(),
  tenant_name: z.string(),
  unit_id: z.coerce.number(),
  unit_number: z.string(),
  property_id: z.coerce.number(),
  property_name: z.string(),
  oldest: z.string(),
});

const arrearsSortColumns: Record<ArrearsSortKey, SQL> = {
  balance: sql`r.balance`,
  tenant: sql`lower(r.tenant_name)`,
  property: sql`lower(r.property_name)`,
  unit: unitNumberOrder(sql`r.unit_number`),
  oldest: sql`r.oldest`,
};

function arrearsOrder(options: ArrearsOptions): SQL {
  if (!options.sort) return sql`r.balance DESC, r.lease_id`;
  const direction = options.order === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`${arrearsSortColumns[options.sort]} ${direction}, r.lease_id`;
}

const bucketText = (prefix: string) =>
  sql.raw(
    ['balance', 'current', 'd1', 'd31', 'd61', 'd91']
      .map((name) => `coalesce(${prefix}${name}, 0)::text AS ${prefix === 'r.' ? '' : 't_'}${name}`)
      .join(', '),
  );

/**
 * One page of the leases with an open balance as of `asOf`, with the totals and the number of
 * tenants over every matching lease (one row with null lease columns when the page is empty).
 */
export function arrearsStatement(options: ArrearsOptions): SQL {
  const { scope } = options;
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const search = pattern
    ? sql`(pr.name ILIKE ${pattern} OR u.unit_number ILIKE ${pattern}
            OR (t.first_name || ' ' || t.last_name) ILIKE ${pattern})`
    : sql`true`;
  const order = arrearsOrder(options);
  return sql`
    WITH ${scopedLeasesCtes(scope)}, ${openChargesCtes(scope, options.asOf)}, ${agingCte},
    a AS MATERIALIZED (
      SELECT ag.*, sl.status, t.id AS tenant_id,
             t.first_name || ' ' || t.last_name AS tenant_name,
             u.id AS unit_id, u.unit_number, pr.id AS property_id, pr.name AS property_name
      FROM ag
      JOIN sl ON sl.id = ag.lease_id
      JOIN tenants t ON t.id = sl.tenant_id
      JOIN units u ON u.id = sl.unit_id
      JOIN properties pr ON pr.id = u.property_id
      WHERE ${inScopeOrganisation(scope, 't')} AND ${inScopeOrganisation(scope, 'u')}
        AND ${inScopeOrganisation(scope, 'pr')} AND ${search}),
    tot AS (
      SELECT count(*)::int AS leases, count(DISTINCT tenant_id)::int AS tenants,
             sum(balance) AS balance, sum(current) AS current, sum(d1) AS d1, sum(d31) AS d31,
             sum(d61) AS d61, sum(d91) AS d91
      FROM a),
    pg AS (SELECT r.* FROM a r ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset})
    SELECT tot.leases, tot.tenants, ${bucketText('tot.')},
           r.lease_id, r.status, r.tenant_id, r.tenant_name, r.unit_id, r.unit_number,
           r.property_id, r.property_name, r.oldest::text AS oldest, ${bucketText('r.')}
    FROM tot LEFT JOIN pg r ON true
    ORDER BY ${order}`;
}

function bucketsOf(raw: RawBuckets): AgingBuckets & { balance: number } {
  return {
    balance: amount(raw.balance),
    current: amount(raw.current),
    days1To30: amount(raw.d1),
    days31To60: amount(raw.d31),
    days61To90: amount(raw.d61),
    over90: amount(raw.d91),
  };
}

export async function readArrears(db: Database, options: ArrearsOptions): Promise<ArrearsResponse> {
  const raw = await readRows(db, arrearsStatement(options), rawArrearsRow);
  const head = raw[0]!;
  const leases: ArrearsRow[] = raw
    .filter((row) => row.lease_id !== null)
    .map((value) => {
      const row = arrearsLeaseRow.parse(value);
      const { balance, ...buckets } = bucketsOf(row);
      return {
        leaseId: row.lease_id,
        leaseStatus: row.status as ArrearsRow['leaseStatus'],
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        unitId: row.unit_id,
        unitNumber: row.unit_number,
        propertyId: row.property_id,
        propertyName: row.property_name,
        balance,
        buckets,
        oldestOpenDate: row.oldest,
      };
    });
  return {
    asOf: options.asOf,
    totals: bucketsOf({
      balance: head.t_balance,
      current: head.t_current,
      d1: head.t_d1,
      d31: head.t_d31,
      d61: head.t_d61,
      d91: head.t_d91,
    }),
    leasesInArrears: head.leases,
    tenantsInArrears: head.tenants,
    leases,
  };
}

// ---------- Summary ----------

export interface SummaryRange {
  today: string;
  /** First day of the series' first month. */
  first: string;
  /** This month: its key, first and last day, and next month's first and last day. */
  month: { period: string; first: string; last: string; nextFirst: string; nextLast: string };
}

export interface SummaryFigures {
  /** Open charges dated before today. */
  overdue: Cents;
  /** Tenants with an open balance today. */
  tenantsInArrears: number;
  /** Rent this month's due dates will charge leases (not void) not posted for the month yet. */
  unposted: Cents;
  /** Months with totals: standing rent charges (expected), payments less their reversals. */
  months: { month: string; expected: Cents; collected: Cents }[];
}

/**
 * The summary's figures in one statement:
 * - overdue and tenants in arrears as of today, from the owing leases' kept balances and
 *   their charges of the day (overdueCte);
 * - per month from `first` to today: rent charges dated in it that stand (expected), and
 *   payments dated in it less reversals of payments dated in it (collected), from the totals
 *   kept per property month;
 * - the rent still to post this month, by the rules of shared/rent-periods.ts: due on the
 *   lease's due day (its start date's day when it has none; clamped to the month's end) when
 *   that day falls within the lease; the full rent, or prorated by days (nearest cent, half
 *   up) when the lease ends before the period does. A short first period starting this month
 *   (a start off the due day) is not counted here until it is posted.
 */
export function summaryStatement(scope: Scope, range: SummaryRange): SQL {
  const { month } = range;
  return sql`
      WITH ${scopedLeasesCtes(scope)}, ${overdueCte(scope, range.today)},
      -- The months from the totals kept per property (money_month_totals, decision 0031),
      -- less what lines dated after today (this month's, kept already) add to them.
      mo AS (
        SELECT to_char(t.month, 'YYYY-MM') AS month, t.expected, t.collected
        FROM (
          SELECT t.month, sum(t.expected) AS expected, sum(t.collected) AS collected
          FROM (
            SELECT t.month, t.expected, t.collected
            FROM p JOIN money_month_totals t ON t.property_id = p.id
            WHERE ${inScopeOrganisation(scope, 't')}
              AND t.month >= ${range.first}::date AND t.month <= ${range.today}::date
            UNION ALL
            SELECT m.month, -coalesce(m.expected, 0), -coalesce(m.collected, 0)
            -- The few leases with a line dated after today, found first by their kept balance.
            FROM (
              SELECT b.lease_id FROM lease_balances b
              WHERE ${inScopeOrganisation(scope, 'b')} AND b.last_entry_date > ${range.today}::date
              OFFSET 0) b
            JOIN sl ON sl.id = b.lease_id
            JOIN money_month_lines m ON m.lease_id = b.lease_id AND ${inScopeOrganisation(scope, 'm')}
            WHERE m.dated > ${range.today}::date AND m.month <= ${range.today}::date) t
          GROUP BY t.month) t),
      due AS (
        SELECT sl.id, sl.rent, sl.charged_from, sl.last_day,
               least(${month.first}::date + (sl.due_day - 1),
                     ${month.last}::date) AS due,
               least(${month.nextFirst}::date + (sl.due_day - 1),
                     ${month.nextLast}::date) - 1 AS full_last
        FROM sl
        WHERE NOT sl.void),
      charged AS (
        SELECT CASE WHEN last_day >= full_last THEN rent
               ELSE (floor((rent * 100 * (last_day - due + 1) * 2 + (full_last - due + 1))
                           / ((full_last - due + 1) * 2)) / 100)::numeric(12, 2)
               END AS amount
        FROM due WHERE due >= charged_from AND due <= last_day
          -- This month's rent not posted yet: one probe of the rent-once key per lease due.
          AND NOT EXISTS (
            SELECT 1 FROM ledger_entries r
            WHERE r.lease_id = due.id AND ${inScopeOrganisation(scope, 'r')}
              AND r.category = 'rent' AND r.period = ${month.period}))
      SELECT (SELECT overdue::text FROM od) AS overdue,
             (SELECT tenants::int FROM od) AS tenants,
             (SELECT coalesce(sum(amount), 0)::text FROM charged) AS unposted,
             (SELECT coalesce(json_agg(json_build_object('month', month,
                'expected', expected::text, 'collected', collected::text)), '[]')::text
              FROM mo) AS months`;
}

/**
 * The row of summaryStatement. Both drivers hand the months' json over as text (cast there):
 * parsed here, amounts still text.
 */
const summaryRow = z.object({
  overdue: z.string(),
  tenants: z.coerce.number(),
  unposted: z.string(),
  months: z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(z.array(z.object({ month: z.string(), expected: z.string(), collected: z.string() }))),
});

/** The summary's figures (see summaryStatement). */
export async function readSummary(
  db: Database,
  scope: Scope,
  range: SummaryRange,
): Promise<SummaryFigures> {
  const [row] = await readRows(db, summaryStatement(scope, range), summaryRow);
  const months = row!.months;
  return {
    overdue: centsOfText(row!.overdue),
    tenantsInArrears: row!.tenants,
    unposted: centsOfText(row!.unposted),
    months: months.map((m) => ({
      month: m.month,
      expected: centsOfText(m.expected),
      collected: centsOfText(m.collected),
    })),
  };
}
