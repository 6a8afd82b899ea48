import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder as MIGRATIONS_FOLDER } from '../paths';

/**
 * Any fixed number: every server process takes the same advisory lock before migrating,
 * so when several start at once against one PostgreSQL, one migrates and the others wait,
 * then find nothing left to do.
 */
const MIGRATION_LOCK_ID = 727_274_001;

export async function migratePostgres(
  databaseUrl: string,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/** The embedded database belongs to one process, so no lock is needed. */
export async function migrateEmbedded(
  client: PGlite,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
}
