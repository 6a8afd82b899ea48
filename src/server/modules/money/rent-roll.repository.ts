import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fromCents, parseDecimalCents } from '../../../shared/money';
import type { SortOrder } from '../../../shared/schemas/paging';
import type { RentRollRow, RentRollSortKey } from '../../../shared/schemas/money-reports';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { containsPattern } from '../properties';
import { leaseAs, leaseCurrentOrUpcoming, leaseInEffectOn } from '../tenancy';
import { inScopeOrganisation, propertiesCte, type Scope } from './money.scope';
import { unitNumberOrder } from '../../db/unit-order';

export interface RentRollOptions {
  scope: Scope;
  /** The landlord's calendar day: the lease in effect on it is the unit's current one. */
  today: string;
  q?: string | undefined;
  sort?: RentRollSortKey | undefined;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** A row of rentRollStatement: ids and the total as numbers, dates and money as text. */
const rawRow = z.object({
  unit_id: z.coerce.number(),
  unit_number: z.string(),
  unit_status: z.string(),
  property_id: z.coerce.number(),
  property_name: z.string(),
  tenant_id: z.coerce.number().nullable(),
  tenant_name: z.string().nullable(),
  lease_id: z.coerce.number().nullable(),
  lease_status: z.string().nullable(),
  rent: z.string().nullable(),
  recurring: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  balance: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  last_payment_amount: z.string().nullable(),
  total: z.coerce.number(),
});
type RawRow = z.output<typeof rawRow>;

const sortColumns: Record<RentRollSortKey, SQL> = {
  property: sql`lower(r.property_name)`,
  unit: unitNumberOrder(sql`r.unit_number`),
  status: sql`r.unit_status`,
  tenant: sql`lower(r.tenant_name)`,
  rent: sql`r.rent`,
  balance: sql`r.balance`,
  lastPayment: sql`r.last_payment_date`,
};

/** Sorts (and no search) that a unit's own row decides: the page is cut before any join. */
const UNIT_SORTS: readonly (RentRollSortKey | undefined)[] = [
  undefined,
  'property',
  'unit',
  'status',
];

/** Every stage names its rows `r`, so one ORDER BY serves them all (on input columns). */
function orderBy(options: RentRollOptions): SQL {
  const defaults = sql`lower(r.property_name), r.property_id, ${unitNumberOrder(sql`r.unit_number`)}, r.unit_id`;
  if (!options.sort) return defaults;
  const direction = options.order === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  return sql`${sortColumns[options.sort]} ${direction}, ${defaults}`;
}

const l = leaseAs('l');

/**
 * The unit's current lease (the tenancy vocabulary): the one in effect today, else the next to
 * start; its tenant, or without one the unit's newest tenant not moved out.
 */
const currentLease = (scope: Scope, today: string) => sql`
  LEFT JOIN LATERAL (
    SELECT l.id, l.tenant_id, l.status, l.rent, l.start_date, l.end_date
    FROM leases l
    WHERE l.unit_id = r.unit_id AND ${inScopeOrganisation(scope, 'l')}
      AND ${leaseCurrentOrUpcoming(l, today)}
    ORDER BY ${leaseInEffectOn(l, today)} DESC, l.start_date, l.id
    LIMIT 1) cl ON true
  LEFT JOIN tenants lt ON lt.id = cl.tenant_id AND ${inScopeOrganisation(scope, 'lt')}
  LEFT JOIN LATERAL (
    SELECT t.id, t.first_name, t.last_name FROM tenants t
    WHERE cl.id IS NULL AND t.unit_id = r.unit_id AND ${inScopeOrganisation(scope, 't')}
      AND t.moved_out_on IS NULL
    ORDER BY t.id DESC LIMIT 1) ft ON true`;

const leaseColumns = sql`
  cl.id AS lease_id, cl.status AS lease_status, cl.rent, cl.start_date, cl.end_date,
  coalesce(lt.id, ft.id) AS tenant_id,
  coalesce(lt.first_name || ' ' || lt.last_name, ft.first_name || ' ' || ft.last_name) AS tenant_name`;

/**
 * The lease's balance (every entry, as the ledger screen shows it) and last standing payment,
 * kept ahead of time per lease (lease_balances, decision 0031): one row per lease, so a sort
 * by them over the whole portfolio costs its leases, not their years of entries. The
 * payment's own row is read for the rows that need it: the page's, unless the sort is by it.
 */
const withBalance = (scope: Scope, from: SQL) => sql`
  SELECT r.*, CASE WHEN r.lease_id IS NULL THEN NULL ELSE coalesce(b.balance, 0) END AS balance,
         b.last_payment_id
  FROM (${from}) r
  LEFT JOIN lease_balances b ON b.lease_id = r.lease_id AND ${inScopeOrganisation(scope, 'b')}`;
const withLastPayment = (scope: Scope, from: SQL) => sql`
  SELECT r.*, lp.entry_date AS last_payment_date, lp.amount AS last_payment_amount
  FROM (${from}) r
  LEFT JOIN ledger_entries lp ON lp.id = r.last_payment_id AND ${inScopeOrganisation(scope, 'lp')}`;
const withLedger = (scope: Scope, from: SQL) => withLastPayment(scope, withBalance(scope, from));

/** Dates and money leave as text: exact, and the same from both drivers. */
const output = sql`
  r.unit_id, r.unit_number, r.unit_status, r.property_id, r.property_name, r.tenant_id,
  r.tenant_name, r.lease_id, r.lease_status, r.rent::text AS rent,
  r.start_date::text AS start_date, r.end_date::text AS end_date, r.balance::text AS balance,
  r.last_payment_date::text AS last_payment_date,
  r.last_payment_amount::text AS last_payment_amount, r.total::int AS total`;

/**
 * The current lease's recurring charges a month (docs/product.md section 17): those not ended
 * by today (or by the start of a lease still to come) and begun by then; read for the page's
 * rows only.
 */
const recurringColumn = (scope: Scope, today: string) => sql`(
  SELECT sum(c.amount) FROM lease_recurring_charges c
  WHERE c.lease_id = r.lease_id AND ${inScopeOrganisation(scope, 'c')}
    AND c.start_date <= greatest(${today}::date, r.start_date)
    AND (c.end_date IS NULL OR c.end_date >= greatest(${today}::date, r.start_date)))::text AS recurring`;

/**
 * One page of the scoped units with current tenant, lease, balance and last payment, and the
 * number of units matching. Units are the rows, so a vacant unit shows too. The ledger figures
 * are read only for the page's rows unless the sort needs them for every row; with no search
 * and a sort by the unit's own columns, the page is cut before the leases are even looked up.
 */
export function rentRollStatement(options: RentRollOptions): SQL {
  const { scope } = options;
  const order = orderBy(options);
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const search = pattern
    ? sql`WHERE r.property_name ILIKE ${pattern} OR r.unit_number ILIKE ${pattern}
            OR r.tenant_name ILIKE ${pattern}`
    : sql``;
  const window = sql`LIMIT ${options.limit} OFFSET ${options.offset}`;
  // With a search, only units that could match go on to the lease lookups: their property or
  // number matches, or some tenant of theirs is so named (whether the current one is, is
  // decided after). The planner picks index or scan from the real tables' statistics.
  const candidates = pattern
    ? sql`(p.name ILIKE ${pattern} OR u.unit_number ILIKE ${pattern}
            OR u.id IN (SELECT t.unit_id FROM tenants t
                        WHERE ${inScopeOrganisation(scope, 't')}
                          AND (t.first_name || ' ' || t.last_name) ILIKE ${pattern})
            OR u.id IN (SELECT sl.unit_id FROM leases sl
                        WHERE ${inScopeOrganisation(scope, 'sl')}
                          AND (sl.first_name || ' ' || sl.last_name) ILIKE ${pattern}))`
    : sql`true`;
  const units = sql`
    SELECT u.id AS unit_id, u.unit_number, u.status AS unit_status,
           p.id AS property_id, p.name AS property_name
    FROM units u JOIN p ON p.id = u.property_id
    WHERE ${inScopeOrganisation(scope, 'u')} AND ${candidates}`;
  const withLeases = (from: SQL) =>
    sql`SELECT r.*, ${leaseColumns} FROM (${from}) r ${currentLease(scope, options.today)}`;
  const cut = (from: SQL) =>
    sql`SELECT r.*, count(*) OVER () AS total FROM (${from}) r ${search} ORDER BY ${order} ${window}`;

  let page: SQL;
  if (!pattern && UNIT_SORTS.includes(options.sort)) {
    // The count is its own narrow scan: a window over the page's wide rows cost more.
    const unitsPage = sql`
      SELECT r.*, (SELECT count(*) FROM units u JOIN p ON p.id = u.property_id
                   WHERE ${inScopeOrganisation(scope, 'u')}) AS total
      FROM (${units}) r ORDER BY ${order} ${window}`;
    page = withLedger(scope, withLeases(unitsPage));
  } else if (options.sort === 'balance') {
    page = withLastPayment(scope, cut(withBalance(scope, withLeases(units))));
  } else if (options.sort === 'lastPayment') {
    page = cut(withLedger(scope, withLeases(units)));
  } else {
    page = withLedger(scope, cut(withLeases(units)));
  }
  return sql`WITH ${propertiesCte(scope)}
    SELECT ${output}, ${recurringColumn(scope, options.today)} FROM (${page}) r ORDER BY ${order}`;
}

const amount = (text: string | null) => (text === null ? null : fromCents(parseDecimalCents(text)));

export function toRentRollRow(row: RawRow): RentRollRow {
  return {
    unitId: row.unit_id,
    unitNumber: row.unit_number,
    unitStatus: row.unit_status as RentRollRow['unitStatus'],
    propertyId: row.property_id,
    propertyName: row.property_name,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    leaseId: row.lease_id,
    leaseStatus: row.lease_status as RentRollRow['leaseStatus'],
    rent: amount(row.rent),
    recurringCharges: row.lease_id === null ? null : (amount(row.recurring) ?? 0),
    leaseStart: row.start_date,
    leaseEnd: row.end_date,
    balance: amount(row.balance),
    lastPaymentDate: row.last_payment_date,
    lastPaymentAmount: amount(row.last_payment_amount),
  };
}

/** One page and the total; a page past the end reads the total from the first page. */
export async function readRentRoll(
  db: Database,
  options: RentRollOptions,
): Promise<{ rows: RentRollRow[]; total: number }> {
  const raw = await readRows(db, rentRollStatement(options), rawRow);
  if (raw.length > 0 || options.offset === 0) {
    return { rows: raw.map(toRentRollRow), total: raw[0]?.total ?? 0 };
  }
  const [head] = await readRows(db, rentRollStatement({ ...options, limit: 1, offset: 0 }), rawRow);
  return { rows: [], total: head?.total ?? 0 };
}
