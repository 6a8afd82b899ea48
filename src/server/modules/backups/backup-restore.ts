import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { migrationsFolder as MIGRATIONS_FOLDER } from '../../paths';
import type { FileStore } from '../uploads';
import { BackupFileError, type Manifest, type Verification } from './backup-format';
import { HOUSEKEEPING_TABLES, listTables } from './backup-tables';
import { compareVerifications, computeVerification } from './backup-verification';

/** A target that must not be restored into: its message is for the person restoring. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The restored rows do not add up to what the backup recorded (nothing was kept). */
export class VerificationFailedError extends Error {
  constructor(
    readonly problems: string[],
    readonly found: Verification,
  ) {
    super(`the restored data does not match the backup:\n  ${problems.join('\n  ')}`);
    this.name = 'VerificationFailedError';
  }
}

/** Rows per insert statement (tables that reference themselves go in one). */
const LOAD_ROWS = 1000;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  [key: string]: unknown;
}

/**
 * A migrations folder holding this code's migrations up to the backup's last one, so the
 * target gets exactly the backup's schema. A backup whose migrations this code does not know
 * (taken by a newer version) is refused.
 */
export async function migrationsUpTo(
  manifest: Manifest,
  scratch: string,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  const known = readMigrationFiles({ migrationsFolder });
  const ours = new Set(known.map((m) => m.folderMillis));
  const unknown = manifest.migrations.filter((m) => !ours.has(m.createdAt));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `This backup was taken by a newer version of Porchlight (version ${manifest.appVersion}, ` +
        `${unknown.length} database migration(s) this version does not have). Install that ` +
        'version or a later one, then restore.',
    );
  }
  const last = Math.max(...manifest.migrations.map((m) => m.createdAt));
  const entries = journal.entries.filter((entry) => entry.when <= last);
  const folder = path.join(scratch, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const entry of entries) {
    await copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

/** The last migration a database has applied (0: none, no schema yet). */
export async function lastMigrationOf(db: Database): Promise<number> {
  const [exists] = await readRows(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    z.object({ present: z.boolean() }),
  );
  if (!exists?.present) return 0;
  const [row] = await readRows(
    db,
    sql`select coalesce(max(created_at), 0) as last from drizzle.__drizzle_migrations`,
    z.object({ last: z.coerce.number() }),
  );
  return row?.last ?? 0;
}

/**
 * Refuses a database that holds anything worth keeping: rows in any table but the
 * housekeeping ones (backup-tables.ts), or a schema newer than the backup's.
 */
export async function assertRestorable(
  db: Database,
  manifest: Manifest,
  where: string,
): Promise<void> {
  const last = await lastMigrationOf(db);
  if (last === 0) return;
  const busy: string[] = [];
  for (const table of await listTables(db)) {
    if (HOUSEKEEPING_TABLES.has(table.name)) continue;
    const [row] = await readRows(
      db,
      sql`select exists (select 1 from ${sql.identifier(table.name)}) as any`,
      z.object({ any: z.boolean() }),
    );
    if (row?.any) busy.push(table.name);
  }
  if (busy.length > 0) {
    throw new RestoreRefusedError(
      `${where} already holds data (${busy.slice(0, 5).join(', ')}${busy.length > 5 ? ', ...' : ''}). ` +
        'A restore goes into an empty database only, so nothing is overwritten: create a new ' +
        'empty one (or move the data folder aside) and restore there.',
    );
  }
  const backupLast = Math.max(...manifest.migrations.map((m) => m.createdAt));
  if (last > backupLast) {
    throw new RestoreRefusedError(
      `${where} is empty but already has a newer schema than the backup's: restore into a ` +
        'new empty database (the server brings the restored one up to date when it starts).',
    );
  }
}

/**
 * Loads every table of the backup in one transaction, checks the result against the
 * manifest's figures and commits only if they agree (VerificationFailedError otherwise,
 * leaving the database as empty as it was). Triggers are off while loading: the rows of the
 * tables they maintain (search text, revisions) are in the backup already, and the append-only
 * guards have nothing to guard in an empty database. Foreign keys stay checked: tables load in
 * dependency order.
 */
export async function loadTables(
  db: Database,
  folder: string,
  manifest: Manifest,
): Promise<Verification> {
  return db.transaction(async (tx) => {
    const targets = new Map((await listTables(tx)).map((table) => [table.name, table]));
    for (const table of manifest.tables) {
      if (!targets.has(table.name)) {
        throw new RestoreRefusedError(
          `the backup has a table ${table.name} that the migrated database lacks`,
        );
      }
    }
    const names = manifest.tables.map((table) => table.name);
    for (const name of names) {
      await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);
    }
    const housekeeping = names.filter((name) => HOUSEKEEPING_TABLES.has(name));
    if (housekeeping.length > 0) {
      await tx.execute(
        sql`truncate ${sql.join(
          housekeeping.map((name) => sql.identifier(name)),
          sql`, `,
        )}`,
      );
    }
    for (const table of manifest.tables) {
      const target = targets.get(table.name)!;
      const file = path.join(folder, 'tables', `${table.name}.jsonl`);
      const batchSize = target.selfReferencing ? Number.POSITIVE_INFINITY : LOAD_ROWS;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const columns = sql.join(
          target.columns.map((column) => sql.identifier(column)),
          sql`, `,
        );
        await tx.execute(
          sql`insert into ${sql.identifier(table.name)} (${columns}) overriding system value
              select ${columns} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${batch.join(',')}]`}::json)`,
        );
        batch = [];
      };
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
    }
    await resetSequences(tx);
    for (const name of names) {
      await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
    }
    const found = await computeVerification(tx, names);
    const problems = compareVerifications(manifest.verification, found);
    if (problems.length > 0) throw new VerificationFailedError(problems, found);
    return found;
  });
}

/** Every serial or identity column's sequence continues after the highest value restored. */
async function resetSequences(tx: Database): Promise<void> {
  const sequences = await readRows(
    tx,
    sql`select table_name as "table", column_name as "column", seq from (
          select table_name, column_name,
                 pg_get_serial_sequence(format('%I', table_name), column_name) as seq
          from information_schema.columns where table_schema = 'public') s
        where seq is not null`,
    z.object({ table: z.string(), column: z.string(), seq: z.string() }),
  );
  for (const { table, column, seq } of sequences) {
    await tx.execute(
      sql`select setval(${seq}::regclass,
            coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1,
            false)`,
    );
  }
}

/** Puts every upload of the backup back into the file store; returns how many. */
export async function restoreFiles(
  files: FileStore,
  folder: string,
  manifest: Manifest,
): Promise<number> {
  const present = new Set(await readdir(path.join(folder, 'files')).catch(() => []));
  for (const upload of manifest.files) {
    if (!present.has(upload.key)) {
      throw new BackupFileError(`the backup lists the upload ${upload.key} but does not hold it`);
    }
    await files.put(upload.key, await readFile(path.join(folder, 'files', upload.key)));
  }
  return manifest.files.length;
}
