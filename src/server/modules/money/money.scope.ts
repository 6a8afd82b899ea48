import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Whose records a report reads: one landlord's (ownerId) or every landlord's (an Admin), and
 * optionally one property. Every report starts from these properties and goes down to units,
 * tenants, leases and ledger entries (each has an index on its parent's id), so it costs
 * what the caller's portfolio holds.
 */
export interface Scope {
  ownerId: number | undefined;
  propertyId: number | undefined;
}

/** `p`: the scoped properties (id, name); materialized so the planner starts from them. */
export function propertiesCte(scope: Scope): SQL {
  const owner = scope.ownerId === undefined ? sql`true` : sql`user_id = ${scope.ownerId}`;
  const one = scope.propertyId === undefined ? sql`true` : sql`id = ${scope.propertyId}`;
  return sql`p AS MATERIALIZED (SELECT id, name FROM properties WHERE ${owner} AND ${one})`;
}

/**
 * `p`, then `sl`: the scoped leases with their tenant, unit and property. Plain joins from the
 * materialized properties: the planner sizes them from the tables' statistics, so a large
 * portfolio is hash-joined and a small one walks the foreign-key indexes.
 */
export function scopedLeasesCtes(scope: Scope): SQL {
  return sql`${propertiesCte(scope)},
    sl AS MATERIALIZED (
      SELECT l.id, l.status, l.rent, l.start_date, l.end_date,
             t.id AS tenant_id, t.first_name || ' ' || t.last_name AS tenant_name,
             u.id AS unit_id, u.unit_number, p.id AS property_id, p.name AS property_name
      FROM p
      JOIN units u ON u.property_id = p.id
      JOIN tenants t ON t.unit_id = u.id
      JOIN leases l ON l.tenant_id = t.id)`;
}

/**
 * `op`: every standing charge of the scoped leases (`sl`) dated on or before `asOf`, with what
 * it still owes, by the oldest-first rule of shared/ledger.ts `allocate`: the standing
 * payments and credits of a lease pay its standing charges in (entry date, id) order, so a
 * charge owes what the running total of charges up to it exceeds them by, at most its amount.
 * Standing: not a reversal, and not reversed by a reversal dated on or before `asOf`.
 * Both sums are windows over one sort of the lease's entries, and 'reversed?' is an index probe:
 * never a join between two row sets whose sizes the planner cannot estimate (it took them for
 * a handful and nested-looped 60,000 rows against each other).
 */
export function openChargesCtes(asOf: string): SQL {
  return sql`
    le AS MATERIALIZED (
      SELECT e.id, e.lease_id, e.kind, e.category, e.amount, e.delta, e.entry_date, e.reverses_id
      FROM sl JOIN ledger_entries e ON e.lease_id = sl.id
      WHERE e.entry_date <= ${asOf}::date),
    ch AS (
      SELECT le.lease_id, le.id, le.kind, le.entry_date, le.amount,
             sum(CASE WHEN le.kind = 'charge' THEN 0 ELSE le.amount END)
               OVER (PARTITION BY le.lease_id) AS available,
             sum(CASE WHEN le.kind = 'charge' THEN le.amount ELSE 0 END)
               OVER (PARTITION BY le.lease_id ORDER BY le.entry_date, le.id
                     ROWS UNBOUNDED PRECEDING) AS cum
      FROM le
      WHERE le.kind <> 'reversal'
        AND NOT EXISTS (
          SELECT 1 FROM ledger_entries r
          WHERE r.reverses_id = le.id AND r.entry_date <= ${asOf}::date)),
    op AS (
      SELECT lease_id, id, entry_date,
             greatest(0, least(amount, cum - available)) AS open,
             ${asOf}::date - entry_date AS days
      FROM ch WHERE kind = 'charge')`;
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

/** A raw statement's rows (both drivers answer `{ rows }`). Cast dates and sums to text in SQL. */
export async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
  return rows;
}
