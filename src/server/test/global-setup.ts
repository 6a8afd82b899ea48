import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateEmbedded, migratePostgres } from '../db/migrate';
import { createPGlite } from '../db/pglite';
import { projectRoot } from '../paths';

/**
 * Migrates one database for the whole run, so each test file starts from a copy instead
 * of paying for an initdb and the migrations: a PGlite data-dir snapshot, or a PostgreSQL
 * template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `porchlight_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    await migratePostgres(withDatabase(serverUrl, templateName));
    project.provide('postgresTemplate', templateName);
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The copies the test workers kept for their next test app (postgres-pool.ts).
      const copies = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [`${templateName}_`],
      );
      for (const { datname } of copies.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await client.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await client.end();
    };
  }

  const pglite = await createPGlite();
  await migrateEmbedded(pglite);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const snapshotPath = path.join(projectRoot, '.tmp', `pglite-template-${process.pid}.tar`);
  mkdirSync(path.dirname(snapshotPath), { recursive: true });
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshotPath);
  return () => rmSync(snapshotPath, { force: true });
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}
