import { cp, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder as MIGRATIONS_FOLDER } from '../paths';

/**
 * Before the embedded database is migrated to a new version's schema, the server keeps a copy
 * of its data folder as it was, beside it: `<DATA_DIR>-pre-migration-<time>`. Undoing an
 * upgrade is then: stop the server, put the copy in the folder's place, start the previous
 * version (README, 'Backups and restore'). Migrations never touch uploads and an upload's
 * bytes never change once stored, so uploads are hard links into the copy (no extra space)
 * where the file system allows, copies otherwise.
 */

/** How many migrations the database has applied, and how many of this code's it lacks. */
export async function migrationState(
  pglite: PGlite,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<{ applied: number; pending: number }> {
  const present = await pglite.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present.rows[0]?.present) {
    return { applied: 0, pending: readMigrationFiles({ migrationsFolder }).length };
  }
  const result = await pglite.query<{ applied: number; last: string | number | null }>(
    `select count(*)::int as applied, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const applied = result.rows[0]?.applied ?? 0;
  const last = Number(result.rows[0]?.last ?? 0);
  const pending = readMigrationFiles({ migrationsFolder }).filter(
    (migration) => migration.folderMillis > last,
  ).length;
  return { applied, pending };
}

/** Files of the data folder that do not belong in the copy: the running server's token. */
const NOT_COPIED = new Set(['.backup-token']);

/** Copies the data folder (no process may have it open) beside it; answers the copy's path. */
export async function keepPreMigrationCopy(dataDir: string, now: Date): Promise<string> {
  const source = path.resolve(dataDir);
  const stamp = now.toISOString().replace(/[:.-]/g, '').slice(0, 15);
  const target = `${source}-pre-migration-${stamp}Z`;
  const uploads = path.join(source, 'uploads');
  await cp(source, target, {
    recursive: true,
    errorOnExist: true,
    force: false,
    preserveTimestamps: true,
    filter: (from) => from !== uploads && !NOT_COPIED.has(path.basename(from)),
  });
  await linkOrCopyFolder(uploads, path.join(target, 'uploads'));
  return target;
}

async function linkOrCopyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    if (entry.isDirectory()) await linkOrCopyFolder(a, b);
    else if (entry.isFile()) {
      await link(a, b).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await cp(a, b, { preserveTimestamps: true });
      });
    }
  }
}
