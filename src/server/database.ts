import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateEmbedded, migratePostgres } from './db/migrate';
import { DataDirInUseError } from './db/data-dir-lock';
import { createPGlite } from './db/pglite';
import { keepPreMigrationCopy, migrationState } from './db/pre-migration-copy';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Opens the configured database and brings its schema up to date:
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR.
 */
type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'> &
  Partial<Pick<Config, 'statementTimeoutMs' | 'maxQueuedQueries'>>;

export async function openMigratedDatabase(
  config: DatabaseConfig,
  logger?: Pick<Logger, 'error' | 'warn'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    await migratePostgres(config.databaseUrl);
    return openDatabase({
      databaseUrl: config.databaseUrl,
      logger,
      statementTimeoutMs: config.statementTimeoutMs,
    });
  }
  const dataDir = path.resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  let pglite = await createPGlite(dataDir);
  const { applied, pending } = await migrationState(pglite);
  if (applied > 0 && pending > 0) {
    // An upgrade: keep the folder as it was, closed so the copy is whole (pre-migration-copy.ts).
    await pglite.close();
    const copy = await keepPreMigrationCopy(dataDir, new Date());
    const message = `Kept a copy of the data folder before migrating (${pending} new migration(s)): ${copy}. To undo the upgrade, see 'Backups and restore' in the README.`;
    if (logger) logger.warn({ copy, pending }, message);
    else console.error(message);
    pglite = await createPGlite(dataDir);
  }
  await migrateEmbedded(pglite);
  return openDatabase({ pglite, logger, maxQueuedQueries: config.maxQueuedQueries });
}

/**
 * For the server and the command line: as openMigratedDatabase, but a data folder held by
 * another process ends this one with the reason, not a stack trace.
 */
export async function openMigratedDatabaseOrExit(
  config: DatabaseConfig,
  logger?: Pick<Logger, 'error' | 'warn'>,
): Promise<DatabaseHandle> {
  try {
    return await openMigratedDatabase(config, logger);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
