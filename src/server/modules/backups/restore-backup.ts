import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { migrateEmbedded, migratePostgres } from '../../db/migrate';
import { createPGlite } from '../../db/pglite';
import { configuredFileStore } from '../uploads';
import { unpackAndCheck } from './backup-archive';
import type { Manifest, Verification } from './backup-format';
import {
  assertRestorable,
  loadTables,
  migrationsUpTo,
  RestoreRefusedError,
  restoreFiles,
} from './backup-restore';

export interface RestoreOutcome {
  manifest: Manifest;
  verification: Verification;
  files: number;
  target: string;
}

/**
 * Restores a backup file into the configured database, which must be empty: PostgreSQL
 * (DATABASE_URL) or a new or empty data folder (DATA_DIR). The file is checked whole first;
 * the target gets the backup's schema (this code's migrations up to the backup's), then the
 * uploads, then every row in one transaction that commits only when the rows per table and
 * every lease's ledger match the manifest. Newer migrations run when the server starts.
 */
export async function restoreBackup(
  file: string,
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'objectStorage'>,
): Promise<RestoreOutcome> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'porchlight-restore-'));
  let database: DatabaseHandle | undefined;
  try {
    const unpacked = path.join(scratch, 'backup');
    await mkdir(unpacked);
    const manifest = await unpackAndCheck(file, unpacked);
    const migrations = await migrationsUpTo(manifest, scratch);
    let target: string;
    if (config.databaseUrl) {
      target = 'The PostgreSQL database (DATABASE_URL)';
      database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
      await assertRestorable(database.db, manifest, target);
      await migratePostgres(config.databaseUrl, migrations);
    } else {
      const dataDir = path.resolve(config.dataDir);
      target = `The data folder ${dataDir}`;
      const entries = await readdir(dataDir).catch(() => []);
      if (entries.length > 0) {
        throw new RestoreRefusedError(
          `${target} is not empty. A restore goes into an empty data folder only, so nothing ` +
            'is overwritten: move it aside (or set DATA_DIR to a new folder) and restore again.',
        );
      }
      await mkdir(dataDir, { recursive: true });
      const pglite = await createPGlite(dataDir);
      database = await openDatabase({ pglite });
      await migrateEmbedded(pglite, migrations);
    }
    const files = await restoreFiles(configuredFileStore(config), unpacked, manifest);
    const verification = await loadTables(database.db, unpacked, manifest);
    return { manifest, verification, files, target };
  } finally {
    await database?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
