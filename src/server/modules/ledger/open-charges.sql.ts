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

/**
 * What a lease owes on a day for charges dated before it (the overdue part of its open
 * charges), from two figures instead of its entries: its balance on the day and its standing
 * charges dated that day (chargedOnDay). The payments and credits pay the oldest charges first,
 * so what stays open is the latest charges, and a day's own charges come last in (date, id)
 * order: they hold min(balance, their total) of it and the rest is older. It agrees with `op`
 * (open-charges.sql.test.ts) wherever the balance does, that is but for a reversal dated
 * before the entry it reverses (older data only), which the balance counts on its own day.
 */
export function overdueOf(balance: SQL, chargedOnDay: SQL): SQL {
  return sql`greatest(0, ${balance} - coalesce(${chargedOnDay}, 0))`;
}

/**
 * The standing charges of one lease dated `asOf` (not reversed by a reversal dated on or
 * before it), read from `entries` (ledger_entries, or a relation with its columns), `where`
 * narrowing them further (the organisation).
 */
export function chargedOnDay(
  asOf: string,
  entries: string,
  leaseId: SQL,
  where: (alias: string) => SQL = () => sql`true`,
): SQL {
  const relation = sql.identifier(entries);
  return sql`(
    SELECT sum(c.amount) FROM ${relation} c
    WHERE c.lease_id = ${leaseId} AND c.entry_date = ${asOf}::date AND c.kind = 'charge'
      AND ${where('c')}
      AND NOT EXISTS (
        SELECT 1 FROM ${relation} r
        WHERE r.reverses_id = c.id AND r.kind = 'reversal' AND r.entry_date <= ${asOf}::date
          AND ${where('r')}))`;
}
