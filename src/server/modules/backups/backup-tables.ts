import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';

/**
 * The tables a backup holds, read from the database itself (its catalog), never from a list
 * kept by hand: a table a later migration adds is backed up without anyone remembering to.
 */

/** Left out on purpose. A restored install logs everyone in again; nothing else is lost. */
export const SKIPPED_TABLES: Record<string, string> = {
  sessions:
    'login sessions: a restored install asks everyone to log in again (a copied session cookie must not work on it)',
};

/**
 * Filled by the migrations or by a server's first minutes, not by anyone's work: a database
 * holding rows only here still counts as empty for a restore (its rows are replaced).
 */
export const HOUSEKEEPING_TABLES = new Set(['public_listing_revision', 'jobs', 'rate_limits']);

export interface TableInfo {
  name: string;
  /** Columns a row is written with (generated columns are left to the database). */
  columns: string[];
  /** The primary key's columns, to read rows in a stable order. */
  primaryKey: string[];
  /** References its own table (a reversal names the entry it reverses). */
  selfReferencing: boolean;
}

const nameRow = z.object({ name: z.string() });

/** Every table of the public schema, parents before children (foreign keys). */
export async function listTables(db: Database): Promise<TableInfo[]> {
  const tables = (
    await readRows(
      db,
      sql`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          order by c.relname`,
      nameRow,
    )
  ).map((row) => row.name);
  const columns = await readRows(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
        order by table_name, ordinal_position`,
    z.object({ table: z.string(), column: z.string() }),
  );
  const keys = await readRows(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column"
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
        cross join lateral unnest(c.conkey) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.contype = 'p' and n.nspname = 'public'
        order by 1, k.position`,
    z.object({ table: z.string(), column: z.string() }),
  );
  const references = await readRows(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    z.object({ child: z.string(), parent: z.string() }),
  );
  const infos = new Map<string, TableInfo>(
    tables.map((name) => [
      name,
      {
        name,
        columns: columns.filter((c) => c.table === name).map((c) => c.column),
        primaryKey: keys.filter((k) => k.table === name).map((k) => k.column),
        selfReferencing: references.some((r) => r.child === name && r.parent === name),
      },
    ]),
  );
  const parents = new Map<string, Set<string>>(tables.map((name) => [name, new Set()]));
  for (const { child, parent } of references) {
    if (child !== parent && infos.has(child) && infos.has(parent)) parents.get(child)!.add(parent);
  }
  // Depth-first: a table comes after every table it references. A cycle between tables (none
  // today) could not be loaded in any order while foreign keys are checked: say so.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`tables reference each other in a cycle: ${[...path, name].join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const parent of [...parents.get(name)!].sort()) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(infos.get(name)!);
  };
  for (const name of tables) visit(name, []);
  return ordered;
}

/** The tables a backup holds: all but the skipped ones. */
export async function backedUpTables(db: Database): Promise<TableInfo[]> {
  return (await listTables(db)).filter((table) => !(table.name in SKIPPED_TABLES));
}
