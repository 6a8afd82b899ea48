import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateEmbedded, migratePostgres } from './db/migrate';
import { DataDirInUseError } from './db/data-dir-lock';
import { createPGlite } from './db/pglite';
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
  const pglite = await createPGlite(dataDir);
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
