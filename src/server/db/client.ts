import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: queries are written once against the pg-core dialect. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Cheap round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** An existing PGlite (tests load a migrated snapshot into one). */
  pglite?: PGlite;
  logger?: Pick<Logger, 'error' | 'warn'>;
  /** Called with every SQL statement: lets tests count queries. */
  onQuery?: (query: string) => void;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const queryLogger = options.onQuery
    ? { logQuery: (query: string) => options.onQuery?.(query) }
    : undefined;

  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // Without a listener, an idle client's error (the database restarting) would crash the process.
    pool.on('error', (error) => {
      options.logger?.warn({ err: error }, 'idle database connection failed');
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger: queryLogger });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let client = options.pglite;
  if (!client) {
    const dataDir = path.resolve(options.dataDir ?? './data');
    mkdirSync(path.dirname(dataDir), { recursive: true });
    client = await PGlite.create(dataDir);
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case', logger: queryLogger });
  return {
    db: db as unknown as Database,
    kind: 'embedded',
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
