import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgres } from './migrate';
import { migrationsFolder } from '../paths';
import { withDatabase } from '../test/global-setup';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('two servers starting at the same moment on an empty database both succeed and migrate once', async () => {
    const name = `porchlight_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(serverUrl!, name);
      // Each call uses its own connection, as two processes would.
      await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const tables = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      await client.end();
      const migrationFiles = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
      expect(applied.rows[0].n).toBe(migrationFiles);
      expect(tables.rows[0].n).toBeGreaterThanOrEqual(9);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
