import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a benchmark's data lives: a scratch database on DATABASE_URL's PostgreSQL server
 * (created here, dropped by `drop`), or else an embedded database in a temp folder.
 */
export interface Scratch {
  kind: 'postgres' | 'embedded';
  databaseUrl?: string;
  dataDir?: string;
  /** The variables a server started on this data needs. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createScratch(): Promise<Scratch> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-'));
    const dataDir = path.join(folder, 'data');
    return {
      kind: 'embedded',
      dataDir,
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `porchlight_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
