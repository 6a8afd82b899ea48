import { and, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from './client';
import { readRows } from './read-rows';

/** Rows per statement of a batch write: a few statements for a file of thousands of rows. */
export const BATCH_ROWS = 5000;

/** Splits a batch into the chunks of one statement each. */
export function chunked<T>(items: readonly T[], size: number = BATCH_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/** `column = ANY($1)`: one parameter for a whole list (an IN list takes one per value). */
export function anyOf(column: PgColumn, values: readonly (number | string)[]): SQL {
  const type = typeof values[0] === 'string' ? sql`text[]` : sql`int[]`;
  return sql`${column} = ANY(${sql.param([...values])}::${type})`;
}

/**
 * Inserts many rows in one statement whose rows travel as one JSON parameter
 * (jsonb_populate_recordset), several times faster than a multi-row VALUES list of thousands
 * of parameters, and answers the new ids in the order of `rows`. Each value is converted as
 * the column converts it (money as its decimal text, dates as ISO text); json columns keep
 * their objects. Every row must give the same columns: a column left out takes NULL here,
 * not its default, so the columns with defaults are given or left out by every row.
 */
export async function insertRowsReturningIds<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  { skipConflicts = false }: InsertOptions = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  for (const key of keys) {
    if (
      columns[key]!.hasDefault &&
      rows.some((row) => (row as Record<string, unknown>)[key] === undefined)
    ) {
      throw new Error(`insertRowsReturningIds: every row must give ${key} or none`);
    }
  }
  const json = JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const key of keys) {
        const column = columns[key]!;
        const value = (row as Record<string, unknown>)[key];
        record[column.name] =
          value === undefined || value === null
            ? null
            : column.dataType === 'json'
              ? value
              : column.mapToDriverValue(value);
      }
      return record;
    }),
  );
  const names = sql.raw(keys.map((key) => `"${columns[key]!.name}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  const inserted = await readRows(
    db,
    sql`INSERT INTO ${name} (${names})
      SELECT ${names} FROM jsonb_populate_recordset(null::${name}, ${json}::jsonb)
        WITH ORDINALITY AS r ORDER BY r.ordinality
      ${skipConflicts ? sql`ON CONFLICT DO NOTHING` : sql``}
      RETURNING id`,
    z.object({ id: z.coerce.number() }),
  );
  // Ids are drawn as the rows are inserted, in the order above: ascending is the rows' order.
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

type TableWithId = PgTable & { id: PgColumn };

export interface InsertOptions {
  /**
   * A condition the new rows are read back by besides their ids (`insertRows`): their
   * organisation, which a table of an organisation's data is read by first (decision 0030).
   */
  readBack?: SQL | undefined;
  /** A row that meets a unique key already filled is left out (answered by no id), not an error. */
  skipConflicts?: boolean;
}

/** `insertRowsReturningIds`, then the new rows as the table reads them, in the order of `rows`. */
export async function insertRows<T extends TableWithId>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: InsertOptions = {},
): Promise<T['$inferSelect'][]> {
  const ids = await insertRowsReturningIds(db, table, rows, options);
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(table as PgTable)
    .where(and(options.readBack, anyOf(table.id, ids)));
  return (found as unknown as (T['$inferSelect'] & { id: number })[]).sort((a, b) => a.id - b.id);
}
