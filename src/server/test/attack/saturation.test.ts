import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Many callers at once must not queue for seconds: a saturated database sheds the excess
 * with 503 and Retry-After, and a statement that runs too long is cancelled.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('limits that hold by default', () => {
  it('bounds statements and the embedded queue unless told otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.statementTimeoutMs).toBe(10_000);
    expect(config.maxQueuedQueries).toBe(64);
  });
});

describe.skipIf(onPostgres)('a saturated embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maxQueuedQueries: 3 });
  });
  afterAll(() => t?.close());

  it('sheds the excess with 503 and Retry-After, serves the rest, and recovers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.request({ method: 'GET', url: '/api/units?q=zz' })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses).toContain(200);
    const shed = answers.filter((a) => a.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/busy/);
    }
    expect((await t.request({ method: 'GET', url: '/api/units' })).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('a statement that runs too long on PostgreSQL', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: 300 });
    app = await buildApp({ database: t.database, config: t.config });
    // A stand-in for a query that scans far too much: it only sleeps.
    app.get('/test/slow', async () => t.database.db.execute(sql`select pg_sleep(5)`));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('is cancelled by statement_timeout and answered 503 with Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/slow' });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/units' })).statusCode).toBe(200);
  });
});
