import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { SCHEMA_FINGERPRINT } from './embedded-pool';
import { withDatabase } from './global-setup';

/**
 * The PostgreSQL test databases of one test worker. A copy of the migrated template costs a
 * CREATE DATABASE, and dropping it afterwards a checkpoint of the whole server (about a
 * second here, on the worker's path, for each test app). A closed test app hands its database
 * back instead, emptied to the template's rows, and the next test app takes it; the end of
 * the run drops them (global-setup.ts).
 *
 * Emptying truncates every table (no row triggers fire), then
 * puts back the migrations' rows and the sequences' positions, all in one transaction. A
 * database whose schema no longer matches the template's (a test that dropped a
 * constraint), that a session still holds, or that cannot be emptied so (a user who is not
 * a superuser) is dropped instead.
 */

interface TemplateShape {
  tables: string[];
  /** The rows the migrations wrote, per table, as JSON. */
  rows: { table: string; json: string }[];
  /** Each sequence's position, as JSON rows of name, value and called (setval's arguments). */
  sequences: string;
  schema: string;
}

const free: string[] = [];
let shape: Promise<TemplateShape> | undefined;

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function schemaOf(client: pg.Client): Promise<string> {
  return (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]!.schema;
}

async function readShape(client: pg.Client): Promise<TemplateShape> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: TemplateShape['rows'] = [];
  for (const table of tables) {
    const result = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    const json = result.rows[0]!.json;
    if (json) rows.push({ table, json });
  }
  const sequences = await client.query<{ json: string | null }>(
    `select coalesce(json_agg(json_build_object(
       'name', format('%I.%I', schemaname, sequencename),
       'value', coalesce(last_value, start_value),
       'called', last_value is not null)), '[]')::text as json
     from pg_sequences where schemaname = 'public'`,
  );
  return { tables, rows, sequences: sequences.rows[0]!.json!, schema: await schemaOf(client) };
}

/** The name of a database as the migrations left it, for one test app. */
export async function takePostgresDatabase(serverUrl: string): Promise<string> {
  const pooled = free.pop();
  if (pooled) return pooled;
  const template = inject('postgresTemplate');
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A commit answers without waiting for its WAL to reach the disk (no test crashes this
    // server; the fault suite, which does cut PostgreSQL off, keeps the server's setting):
    // the disk flush was most of each write request's time.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  shape ??= withClient(withDatabase(serverUrl, name), readShape);
  await shape;
  return name;
}

/** Takes back a test app's database once the app closed its connections: emptied, or dropped. */
export async function returnPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  try {
    const { tables, rows, sequences, schema } = await shape!;
    const emptied = await withClient(withDatabase(serverUrl, name), async (client) => {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '5s'`);
      await client.query('SET LOCAL session_replication_role = replica');
      // TRUNCATE, not DELETE: the tables start from new, empty files, so rows come back in the
      // order they were written, as in a fresh copy (a DELETE leaves space that later rows
      // fill, and a test reading rows without ORDER BY saw them out of order).
      await client.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`);
      for (const { table, json } of rows) {
        await client.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1)`,
          [json],
        );
      }
      await client.query(
        `select setval(s.name::regclass, s.value, s.called)
         from json_to_recordset($1) as s(name text, value bigint, called boolean)`,
        [sequences],
      );
      await client.query('COMMIT');
      return (await schemaOf(client)) === schema;
    });
    if (emptied) {
      free.push(name);
      return;
    }
  } catch {
    // Whatever state it is in, it is not handed out again.
  }
  await withClient(serverUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}
