import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { symbols } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { usersTable } from '../modules/users';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Errors from the real database, raised by real statements on routes this test adds to the
 * real app: data errors answer 400, the log names code and table but never a parameter, and
 * only the database driver's errors count as an outage.
 */
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$leaked-hash-never-logged';
const SECRET_NAME = 'applicant_jane_doe_7731';

let t: TestApp;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ database: t.database, config: { ...t.config, logLevel: 'info' } });
  const db = t.database.db;
  app.get('/test/year-zero', async () => db.execute(sql`select ${'0000-01-01'}::date as d`));
  app.get('/test/not-a-number', async () => db.execute(sql`select ${'12abc'}::int as n`));
  app.get('/test/check-violation', async () =>
    db.insert(usersTable).values({
      userName: SECRET_NAME,
      passwordHash: SECRET_HASH,
      roles: ['Tenant'],
      phone: '1234567890123456789',
    }),
  );
  app.get('/test/duplicate', async () => {
    const row = { userName: `${SECRET_NAME}_dup`, passwordHash: SECRET_HASH, roles: ['Tenant'] };
    await db.insert(usersTable).values(row);
    return db.insert(usersTable).values(row);
  });
  (app.log as unknown as Record<symbol, unknown>)[symbols.streamSym] = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line));
    },
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Resolves once a log line matches (the test's own time limit ends a wait that never does). */
async function logged(pattern: RegExp): Promise<void> {
  while (!raw.some((line) => pattern.test(line))) await new Promise((r) => setTimeout(r, 20));
}

describe('database errors', () => {
  it.each([
    ['a year-0000 date (22008)', '/test/year-zero'],
    ['a malformed number (22P02)', '/test/not-a-number'],
    ['a CHECK constraint (23514)', '/test/check-violation'],
  ])('answers 400, not 500, for %s that slipped past validation', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A value in the request is out of range or malformed',
      code: 'invalid_value',
    });
  });

  it('logs a failed statement by code and table, never its parameters or the row', async () => {
    raw.length = 0;
    expect((await app.inject({ method: 'GET', url: '/test/check-violation' })).statusCode).toBe(
      400,
    );
    // A unique key no service expected is a lost race: 409, never a server error.
    expect((await app.inject({ method: 'GET', url: '/test/duplicate' })).statusCode).toBe(409);
    const errors = lines.filter((line) => line.err).map((line) => line.err);
    expect(errors).toContainEqual(expect.objectContaining({ code: '23514', table: 'users' }));
    expect(errors).toContainEqual(expect.objectContaining({ code: '23505', table: 'users' }));
    const all = raw.join('\n');
    expect(all).not.toContain(SECRET_HASH);
    expect(all).not.toContain(SECRET_NAME);
  });

  it('does not take a client that drops its upload halfway for a database outage', async () => {
    raw.length = 0;
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"firstName":"Ja',
    );
    await logged(/incoming request/);
    socket.resetAndDestroy();
    // Either line shows that the error handler has run.
    await logged(/client closed the connection|database unavailable/);
    expect(raw.join('\n')).not.toContain('database unavailable');
  });
});
