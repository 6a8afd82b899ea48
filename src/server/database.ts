import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateEmbedded, migratePostgres } from './db/migrate';
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Opens the configured database and brings its schema up to date:
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR.
 */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger?: Pick<Logger, 'error' | 'warn'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    await migratePostgres(config.databaseUrl);
    return openDatabase({ databaseUrl: config.databaseUrl, logger });
  }
  const dataDir = path.resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  await migrateEmbedded(pglite);
  return openDatabase({ pglite, logger });
}
