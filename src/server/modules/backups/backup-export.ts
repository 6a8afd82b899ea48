import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { projectRoot } from '../../paths';
import type { FileStore } from '../uploads';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest } from './backup-format';
import { backedUpTables, SKIPPED_TABLES, type TableInfo } from './backup-tables';
import { computeVerification } from './backup-verification';

/** Rows fetched from the cursor at a time: memory stays small whatever a table's size. */
const FETCH_ROWS = 1000;

const lineRow = z.object({ line: z.string() });

/**
 * Writes a consistent snapshot of the database, and the uploads its rows name, into
 * `folder` (tables/, files/, manifest.json). Every table is read inside one REPEATABLE READ,
 * READ ONLY transaction, so the rows and the figures of the manifest are of one instant
 * whatever is written meanwhile (on PostgreSQL writers do not wait; on the embedded database,
 * one connection, they wait until the export's transaction ends). Upload bytes are copied
 * after it: an upload's bytes never change once stored, so copying them later is the same.
 */
export async function exportSnapshot(
  database: DatabaseHandle,
  files: FileStore,
  folder: string,
  now: Date,
): Promise<Manifest> {
  await mkdir(path.join(folder, 'tables'), { recursive: true });
  await mkdir(path.join(folder, 'files'), { recursive: true });
  const snapshot = await database.db.transaction(
    async (tx) => {
      const tables = await backedUpTables(tx);
      const migrations = await readRows(
        tx,
        sql`select created_at as "createdAt", hash from drizzle.__drizzle_migrations order by created_at`,
        z.object({ createdAt: z.coerce.number(), hash: z.string() }),
      );
      const written: Manifest['tables'] = [];
      for (const table of tables) {
        written.push(await exportTable(tx, table, path.join(folder, 'tables')));
      }
      const names = tables.map((table) => table.name);
      const verification = await computeVerification(tx, names);
      const storageKeys = names.includes('uploads')
        ? (
            await readRows(
              tx,
              sql`select storage_key as key from uploads order by id`,
              z.object({ key: z.string() }),
            )
          ).map((row) => row.key)
        : [];
      return { migrations, written, verification, storageKeys };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const copied: Manifest['files'] = [];
  const missingFiles: string[] = [];
  for (const key of snapshot.storageKeys) {
    const bytes = await files.get(key);
    if (!bytes) {
      missingFiles.push(key);
      continue;
    }
    await writeFile(path.join(folder, 'files', key), bytes, { mode: 0o600 });
    copied.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }

  if (snapshot.migrations.length === 0) {
    throw new Error('the database has no schema yet: there is nothing to back up');
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: await appVersion(),
    createdAt: now.toISOString(),
    database: database.kind,
    migrations: snapshot.migrations,
    tables: snapshot.written,
    skipped: Object.entries(SKIPPED_TABLES).map(([name, reason]) => ({ name, reason })),
    files: copied,
    missingFiles,
    verification: snapshot.verification,
  };
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

async function exportTable(
  tx: Database,
  table: TableInfo,
  folder: string,
): Promise<Manifest['tables'][number]> {
  const hash = createHash('sha256');
  const out = createWriteStream(path.join(folder, `${table.name}.jsonl`), { mode: 0o600 });
  const order = table.primaryKey.length
    ? sql` order by ${sql.join(
        table.primaryKey.map((column) => sql.identifier(column)),
        sql`, `,
      )}`
    : sql``;
  let rows = 0;
  await tx.execute(
    sql`declare backup_rows no scroll cursor for
        select row_to_json(t)::text as line from ${sql.identifier(table.name)} t${order}`,
  );
  try {
    for (;;) {
      const batch = await readRows(
        tx,
        sql`fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`,
        lineRow,
      );
      if (batch.length === 0) break;
      const text = batch.map((row) => `${row.line}\n`).join('');
      hash.update(text);
      rows += batch.length;
      if (!out.write(text)) await once(out, 'drain');
    }
  } finally {
    await tx.execute(sql`close backup_rows`);
    out.end();
    await once(out, 'close');
  }
  return { name: table.name, rows, sha256: hash.digest('hex') };
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

async function appVersion(): Promise<string> {
  const text = await readFile(path.join(projectRoot, 'package.json'), 'utf8');
  return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
}
