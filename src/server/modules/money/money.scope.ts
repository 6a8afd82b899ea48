import { sql, type SQL } from 'drizzle-orm';
import { inOrganisationIdSql } from '../../scope';
import { chargedOnDay, openChargesOf, overdueOf } from '../ledger';
import { leaseAs, leaseIsVoid, leaseLastDay } from '../tenancy';

const l = leaseAs('l');

/**
 * Whose records a report reads: one organisation's (organisationId; a limited member's only
 * propertyIds) or every organisation's (an Admin), and optionally one property. Every report
 * starts from these properties and goes down to units, tenants, leases and ledger entries
 * (each has an index on its parent's id), so it costs what the caller's portfolio holds.
 */
export interface Scope {
  organisationId: number | undefined;
  propertyIds: readonly number[] | null;
  propertyId: number | undefined;
}

/**
 * A table's own organisation condition (decision 0030) on the row named `alias`: every table a
 * money screen reads is filtered by it, besides the joins from the scoped properties.
 */
export function inScopeOrganisation(scope: Scope, alias: string): SQL {
  return inOrganisationIdSql(scope.organisationId, alias);
}

/** `p`: the scoped properties (id, name); materialized so the planner starts from them. */
export function propertiesCte(scope: Scope): SQL {
  const organisation =
    scope.organisationId === undefined ? sql`true` : sql`organisation_id = ${scope.organisationId}`;
  const limited =
    scope.propertyIds === null
      ? sql`true`
      : sql`id = ANY(${sql.param([...scope.propertyIds])}::int[])`;
  const one = scope.propertyId === undefined ? sql`true` : sql`id = ${scope.propertyId}`;
  return sql`p AS MATERIALIZED (SELECT id, name FROM properties WHERE ${organisation} AND ${limited} AND ${one})`;
}

/**
 * `p`, then `sl`: the scoped leases (on the scoped properties' units), with only what the
 * reports compute from, their last day and whether they are void (the tenancy vocabulary) (each report
 * joins the names for the rows it shows, not for every lease). Plain joins from the
 * materialized properties: the planner sizes them from the tables' statistics, so a large
 * portfolio is hash-joined and a small one walks the foreign-key indexes.
 */
export function scopedLeasesCtes(scope: Scope): SQL {
  return sql`${propertiesCte(scope)},
    sl AS MATERIALIZED (
      SELECT l.id, l.tenant_id, l.unit_id, l.status, l.rent, l.start_date, l.end_date,
             greatest(l.start_date, l.rent_charged_from) AS charged_from,
             coalesce(l.rent_due_day, extract(day from l.start_date)::int) AS due_day,
             ${leaseLastDay(l)} AS last_day, ${leaseIsVoid(l)} AS void
      FROM p
      JOIN units u ON u.property_id = p.id
      JOIN leases l ON l.unit_id = u.id
      WHERE ${inScopeOrganisation(scope, 'u')} AND ${inScopeOrganisation(scope, 'l')})`;
}

/**
 * `le` for the open charges on `asOf`: every entry of the scoped leases that owed something
 * that day, and none of the others'. A lease owes on `asOf` what its standing charges exceed
 * its standing payments and credits by, which is the sum of the deltas that count by then (a
 * reversal and what it undoes cancel out once both count): its kept balance (lease_balances,
 * decision 0031) when no entry is dated after `asOf`, else its kept balance at the end of that
 * day (lease_day_balances: one index lookup). At zero or below none of its charges is open, so
 * every lease left out would have added no row to `ag`; the ledger of a paid-up portfolio
 * costs nothing however many years it holds.
 */
export function owingEntriesCte(scope: Scope, asOf: string): SQL {
  return sql`${owingBalancesCte(scope, asOf)},
    le AS MATERIALIZED (
      SELECT e.id, e.lease_id, e.kind, e.category, e.amount, e.delta, e.entry_date,
             e.reverses_id, e.period
      FROM ob
      CROSS JOIN LATERAL (
        SELECT * FROM ledger_entries e
        WHERE e.lease_id = ob.lease_id AND ${inScopeOrganisation(scope, 'e')}
        OFFSET 0) e)`;
}

/**
 * `ob`: the scoped leases that owe on `asOf`, with what they owe (`balance`), from the kept
 * balances (decision 0031). `ob0` looks only at the organisation's leases above zero now or
 * moved by an entry dated after `asOf` (on today's date, a few among its leases), each once,
 * then keeps the scoped ones, rather than every scoped lease's balance looked up. Each step
 * materialized, and the owing leases' entries read lease by lease (LATERAL, OFFSET 0 so that it
 * stays so): the planner
 * misjudges how many leases a scope holds (it takes each table's organisation condition as
 * independent of the joins), and once joined every scoped lease's entries to keep a few.
 */
function owingBalancesCte(scope: Scope, asOf: string): SQL {
  return sql`
    ob0 AS MATERIALIZED (
      SELECT lease_id, balance FROM (
        SELECT b.lease_id, ${keptBalanceOn(scope, asOf)} AS balance FROM lease_balances b
        WHERE ${inScopeOrganisation(scope, 'b')}
          AND (b.balance > 0 OR b.last_entry_date > ${asOf}::date)) b
      WHERE balance > 0),
    ob AS MATERIALIZED (SELECT ob0.* FROM ob0 JOIN sl ON sl.id = ob0.lease_id)`;
}

/**
 * The balance at the end of `asOf` of the lease whose lease_balances row is `b`, from the kept
 * balances (decision 0031): the kept balance when no entry is dated after `asOf`, else its
 * day balance (one index lookup); null before its first entry.
 */
function keptBalanceOn(scope: Scope, asOf: string): SQL {
  return sql`CASE WHEN b.last_entry_date <= ${asOf}::date THEN b.balance
      ELSE (SELECT d.balance FROM lease_day_balances d
            WHERE d.lease_id = b.lease_id AND ${inScopeOrganisation(scope, 'd')}
              AND d.day <= ${asOf}::date
            ORDER BY d.day DESC LIMIT 1) END`;
}

/**
 * `od`: what the scoped leases owe on `asOf` for charges dated before it (overdue) and how many
 * tenants owe anything then, from each owing lease's kept balance and its own charges of the
 * day (ledger/open-charges.sql.ts `overdueOf`): no lease's entries are read, however many
 * years it holds.
 */
export function overdueCte(scope: Scope, asOf: string): SQL {
  return sql`${owingBalancesCte(scope, asOf)},
    od AS (
      SELECT coalesce(sum(${overdueOf(
        sql`ob.balance`,
        chargedOnDay(asOf, 'ledger_entries', sql`ob.lease_id`, (alias) =>
          inScopeOrganisation(scope, alias),
        ),
      )}), 0) AS overdue,
             count(DISTINCT sl.tenant_id) AS tenants
      FROM ob JOIN sl ON sl.id = ob.lease_id)`;
}

/**
 * `le` (owingEntriesCte), then `ch` and `op` (ledger/open-charges.sql.ts): every standing
 * charge dated on or before `asOf` that may still owe, with what it still owes (oldest charge
 * first) and its age in days.
 */
export function openChargesCtes(scope: Scope, asOf: string): SQL {
  return sql`${owingEntriesCte(scope, asOf)}, ${openChargesOf(asOf)}`;
}

/** `ag`: per lease with something open, the open total split into aging buckets. */
export const agingCte = sql`
    ag AS (
      SELECT lease_id,
             sum(open) AS balance,
             sum(open) FILTER (WHERE days <= 0) AS current,
             sum(open) FILTER (WHERE days BETWEEN 1 AND 30) AS d1,
             sum(open) FILTER (WHERE days BETWEEN 31 AND 60) AS d31,
             sum(open) FILTER (WHERE days BETWEEN 61 AND 90) AS d61,
             sum(open) FILTER (WHERE days > 90) AS d91,
             min(entry_date) FILTER (WHERE open > 0) AS oldest
      FROM op GROUP BY lease_id HAVING sum(open) > 0)`;
