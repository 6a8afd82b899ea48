import { sql, type SQL } from 'drizzle-orm';

/**
 * Open charges, written once: the SQL twin of shared/ledger.ts `allocate` over the entries
 * dated on or before a day (open-charges.sql.test.ts checks that they agree on random
 * ledgers). It reads a relation named `le` that the caller defines (the reports' is
 * money.scope.ts `owingEntriesCte`: every entry of the leases in scope that can owe on the
 * day; the late fees' every entry of the leases owing a balance), with the columns
 * lease_id, id, kind, amount, entry_date and reverses_id of ledger_entries.
 *
 * `ch`: the entries of each lease that stand on `asOf` (dated on or before it, not a
 * reversal, and not reversed by a reversal dated on or before it), each with `available`
 * (the lease's standing payments and credits) and `cum` (the running total of its standing
 * charges in (entry date, id) order). `op`: each standing charge with what it still owes by
 * the oldest-first rule (the payments and credits pay the charges in that order, so a charge
 * owes what the running total up to it exceeds them by, at most its amount) and its age in
 * days on `asOf`. Both sums are windows over one sort of the lease's entries; 'is it
 * reversed?' is a `NOT IN` over `le`: one hashed set built once, never a probe into the whole
 * ledger nor a join of the entries with themselves, whose size the planner cannot estimate.
 * A lease's balance on `asOf` is the sum over `ch` of its charges less its payments and
 * credits (what `op` leaves open less what was paid beyond every charge).
 */
export function openChargesOf(asOf: string): SQL {
  return sql`
    ch AS (
      SELECT le.lease_id, le.id, le.kind, le.entry_date, le.amount,
             sum(CASE WHEN le.kind = 'charge' THEN 0 ELSE le.amount END)
               OVER (PARTITION BY le.lease_id) AS available,
             sum(CASE WHEN le.kind = 'charge' THEN le.amount ELSE 0 END)
               OVER (PARTITION BY le.lease_id ORDER BY le.entry_date, le.id
                     ROWS UNBOUNDED PRECEDING) AS cum
      FROM le
      WHERE le.entry_date <= ${asOf}::date AND le.kind <> 'reversal'
        AND le.id NOT IN (
          SELECT r.reverses_id FROM le r
          WHERE r.kind = 'reversal' AND r.entry_date <= ${asOf}::date)),
    op AS (
      SELECT lease_id, id, entry_date,
             greatest(0, least(amount, cum - available)) AS open,
             ${asOf}::date - entry_date AS days
      FROM ch WHERE kind = 'charge')`;
}
