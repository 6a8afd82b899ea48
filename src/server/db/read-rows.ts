import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from './client';

/**
 * The rows of a raw statement, read through a zod schema. The two drivers answer raw
 * statements differently (node-postgres sends a count or a bigint as a string, PGlite as a
 * number; dates as strings or Date objects): the schema says what a row is and coerces it, so a
 * reader gets the same values on both, and a statement that returns something else fails
 * loudly instead of flowing on as the wrong type.
 */
export async function readRows<Schema extends z.ZodType>(
  db: Database,
  statement: SQL,
  row: Schema,
): Promise<z.output<Schema>[]> {
  const result = (await db.execute(statement)) as { rows?: unknown };
  const rows: unknown[] = Array.isArray(result.rows) ? result.rows : [];
  return rows.map((value) => row.parse(value));
}
