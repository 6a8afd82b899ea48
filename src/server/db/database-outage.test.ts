import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { withDatabase } from '../test/global-setup';
import { startTcpProxy } from '../test/tcp-proxy';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only PostgreSQL can go away under a running server; the embedded database lives in process.
describe.skipIf(!serverUrl)('when PostgreSQL goes away', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const name = `porchlight_outage_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const upstream = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const viaProxy = new URL(withDatabase(serverUrl!, name));
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 2 });
    app = await buildApp({
      database,
      // The jobs runner stays off, as in every API test: its own outage behaviour is the
      // fault suite's (faults/postgres-outage.test.ts), and a poll caught by the cut made
      // closing this app wait past the hook's time limit now and then.
      config: { ...loadConfig({ NODE_ENV: 'test', JOBS_ENABLED: 'false' }), webRoot: null },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 while the database is unreachable and recovers by itself when it returns', async () => {
    // A login reads the users table: 401 for unknown credentials while the database is up.
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { userName: 'nobody', password: 'nothing-here' },
      });
    expect((await attempt()).statusCode).toBe(401);

    await proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: { reachable: false } });

    const during = await attempt();
    expect(during.statusCode).toBe(503);
    expect(during.json().message).toMatch(/temporarily unavailable/);
    expect(during.body).not.toMatch(/ECONNREFUSED|stack|at /);

    await proxy.restore();
    expect((await attempt()).statusCode).toBe(401);
    const healthAfter = await app.inject({ method: 'GET', url: '/api/health' });
    expect(healthAfter.statusCode).toBe(200);
  });
});
