import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client';
import { readRows } from './read-rows';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * Runs a statement under EXPLAIN ANALYZE and answers how many rows it read from each table
 * (the rows its scans returned plus those they read and filtered out): the measure of
 * whether a query starts from the right rows, independent of the machine's speed.
 */
export async function rowsReadPerTable(db: Database, statement: SQL): Promise<Map<string, number>> {
  // One row of one column, "QUERY PLAN": json on one driver, its text on the other.
  const rows = await readRows(
    db,
    sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
    z.record(z.string(), z.unknown()),
  );
  const raw = Object.values(rows[0]!)[0];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const read = new Map<string, number>();
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table) {
      const perLoop =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      read.set(table, (read.get(table) ?? 0) + perLoop * (node['Actual Loops'] ?? 1));
    }
    node.Plans?.forEach(visit);
  };
  visit(plan!.Plan);
  return read;
}
