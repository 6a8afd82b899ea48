import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import type { Verification } from './backup-format';

/**
 * The figures a restore must find again: rows per table, and every lease's ledger and deposit
 * register (how many entries, and their sum to the cent). Computed by the database from the
 * rows themselves, in the snapshot's transaction and again in the restore's.
 */
const LEDGERS: { table: string; sum: string }[] = [
  // The balance owed is the sum of the deltas.
  { table: 'ledger_entries', sum: 'delta' },
  // What is held: received, less everything paid out of it.
  {
    table: 'deposit_transactions',
    sum: "case when kind = 'received' then amount else -amount end",
  },
];

const countRow = z.object({ rows: z.coerce.number().int() });
const leaseRow = z.object({
  lease_id: z.coerce.number().int(),
  count: z.coerce.number().int(),
  sum: z.string(),
});

export async function computeVerification(db: Database, tables: string[]): Promise<Verification> {
  const rows: Verification['rows'] = {};
  for (const table of tables) {
    const [row] = await readRows(
      db,
      sql`select count(*) as rows from ${sql.identifier(table)}`,
      countRow,
    );
    rows[table] = row!.rows;
  }
  const ledgers: Verification['ledgers'] = {};
  for (const ledger of LEDGERS.filter((l) => tables.includes(l.table))) {
    const perLease = await readRows(
      db,
      sql`select lease_id, count(*) as count, sum(${sql.raw(ledger.sum)})::text as sum
          from ${sql.identifier(ledger.table)} group by lease_id order by lease_id`,
      leaseRow,
    );
    ledgers[ledger.table] = Object.fromEntries(
      perLease.map((row) => [String(row.lease_id), { count: row.count, sum: row.sum }]),
    );
  }
  return { rows, ledgers };
}

/** Each way `found` differs from `expected`, in words; empty when they agree. */
export function compareVerifications(expected: Verification, found: Verification): string[] {
  const problems: string[] = [];
  for (const [table, count] of Object.entries(expected.rows)) {
    if (found.rows[table] !== count) {
      problems.push(`${table}: ${count} rows in the backup, ${found.rows[table] ?? 0} restored`);
    }
  }
  for (const [table, perLease] of Object.entries(expected.ledgers)) {
    const restored = found.ledgers[table] ?? {};
    const leases = new Set([...Object.keys(perLease), ...Object.keys(restored)]);
    for (const lease of leases) {
      const a = perLease[lease];
      const b = restored[lease];
      if (a?.count !== b?.count || !sameAmount(a?.sum, b?.sum)) {
        problems.push(
          `${table} of lease ${lease}: ${a?.count ?? 0} rows summing to ${a?.sum ?? '0'} in the backup, ${b?.count ?? 0} summing to ${b?.sum ?? '0'} restored`,
        );
      }
    }
  }
  return problems;
}

/** '12.50' and '12.5' are one amount (the two databases may print a sum differently). */
function sameAmount(a: string | undefined, b: string | undefined): boolean {
  const canonical = (value: string | undefined) => {
    if (value === undefined) return undefined;
    const [whole, fraction = ''] = value.split('.');
    const trimmed = fraction.replace(/0+$/, '');
    return trimmed ? `${whole}.${trimmed}` : whole;
  };
  return canonical(a) === canonical(b);
}

/** One line per table and the ledgers' totals, for the command line. */
export function describeVerification(verification: Verification): string[] {
  const lines = Object.entries(verification.rows).map(
    ([table, rows]) => `  ${table.padEnd(28)} ${String(rows).padStart(9)} rows`,
  );
  for (const [table, perLease] of Object.entries(verification.ledgers)) {
    const leases = Object.values(perLease);
    const entries = leases.reduce((sum, lease) => sum + lease.count, 0);
    lines.push(`  ${table}: ${leases.length} leases, ${entries} entries, each lease's sum checked`);
  }
  return lines;
}
