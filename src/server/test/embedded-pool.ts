import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPGlite } from '../db/pglite';

/**
 * The embedded databases of one test worker. Starting PGlite from the migrated snapshot
 * costs half a second, a second with both cores busy: four tenths of the API tests' time
 * when every test app started its own. A closed test app hands its database back instead,
 * emptied to the snapshot's rows, and the next test app takes it.
 *
 * What a test leaves behind is undone or the database is dropped: every table is
 * truncated (identities restarted) and the migrations' own rows put back, the session is
 * reset (settings, prepared statements, advisory locks), and a database whose schema no
 * longer matches the snapshot's (a test that dropped a constraint) or that a test closed
 * is never handed out again.
 */

interface SnapshotShape {
  tables: string[];
  /** The rows the migrations wrote, per table, as JSON. */
  rows: { table: string; json: string }[];
  schema: string;
}

const free: PGlite[] = [];
let snapshot: Blob | undefined;
let shape: Promise<SnapshotShape> | undefined;

/** Counts that change with any change of the schema (a dropped constraint, a new index). */
export const SCHEMA_FINGERPRINT = `
  select concat_ws(' ',
    (select count(*) from pg_class),
    (select count(*) from pg_attribute where not attisdropped),
    (select count(*) from pg_constraint),
    (select count(*) from pg_trigger),
    (select count(*) from pg_index),
    (select count(*) from pg_proc)) as schema`;

async function schemaOf(pglite: PGlite): Promise<string> {
  const result = await pglite.query<{ schema: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.schema;
}

async function readShape(pglite: PGlite): Promise<SnapshotShape> {
  const tables = (
    await pglite.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: SnapshotShape['rows'] = [];
  for (const table of tables) {
    const result = await pglite.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    const json = result.rows[0]!.json;
    if (json) rows.push({ table, json });
  }
  return { tables, rows, schema: await schemaOf(pglite) };
}

/** A database as the migrations left it, for one test app. */
export async function takeEmbeddedDatabase(): Promise<PGlite> {
  const pooled = free.pop();
  if (pooled) return pooled;
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const pglite = await createPGlite(undefined, { loadDataDir: snapshot });
  shape ??= readShape(pglite);
  await shape;
  return pglite;
}

/** Takes back a test app's database: emptied for the next one, or closed. */
export async function returnEmbeddedDatabase(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  try {
    const { tables, rows, schema } = await shape!;
    await pglite.exec('discard all');
    await pglite.exec(`truncate ${tables.join(', ')} restart identity cascade`);
    for (const { table, json } of rows) {
      await pglite.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1)`,
        [json],
      );
    }
    if ((await schemaOf(pglite)) === schema) {
      free.push(pglite);
      return;
    }
  } catch {
    // Whatever state it is in, it is not handed out again.
  }
  await pglite.close();
}
