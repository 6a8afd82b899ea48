import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import pg from 'pg';
import { boundQueue } from './embedded-queue';
import { createPGlite } from './pglite';

/**
 * One type for both drivers: queries are written once against the pg-core dialect, with the
 * query builder over the tables the modules export (no relational queries, so the database
 * needs no schema object and loads no module).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

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
  /** PostgreSQL cancels a statement that runs longer (0: never). */
  statementTimeoutMs?: number;
  /** The embedded database refuses a query when this many already wait (0: no bound). */
  maxQueuedQueries?: number;
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
      // No request may hold a connection with an unbounded query (a search that matches nothing scans).
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // No just-in-time compilation: a page's statement runs in milliseconds, and compiling it
      // cost more than that whenever a plan of index lookups was estimated dear (decision 0031).
      // Sorts of 16 MB in memory: the arrears and rent roll sort the entries of the leases that
      // owe (tens of thousands of rows at 10,000 units), which spilled to disk at the default
      // 4 MB; ten connections of a few such sorts each stay well within a server's memory.
      options: '-c jit=off -c work_mem=16MB',
    });
    // Without a listener, an idle client's error (the database restarting) would crash the process.
    pool.on('error', (error) => {
      options.logger?.warn({ err: error }, 'idle database connection failed');
    });
    // A connection that dies while checked out (between the statements of a transaction) emits
    // 'error' on its client, which the pool does not listen to then: without this it would be
    // an uncaught exception. The statement in flight fails on its own and answers 503.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        options.logger?.warn({ err: error }, 'database connection failed while in use');
      });
    });
    const db = drizzlePg({ client: pool, casing: 'snake_case', logger: queryLogger });
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
    client = await createPGlite(dataDir);
  }
  const pglite = options.maxQueuedQueries ? boundQueue(client, options.maxQueuedQueries) : client;
  const db = drizzlePglite({ client: pglite, casing: 'snake_case', logger: queryLogger });
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
