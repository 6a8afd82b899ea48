import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runQuery, type Context } from './context';
import { readRows } from './db/read-rows';
import { pgErrorCode } from './http/errors';
import { createTestApp, type TestApp } from './test/test-app';

/** PostgreSQL's read_only_sql_transaction. */
const PG_READ_ONLY_TRANSACTION = '25006';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** All that runQuery takes from a request: its app, its user (a visitor here) and its id. */
const visitorRequest = () =>
  ({ server: t.app, user: undefined, id: 'context-test' }) as unknown as FastifyRequest;

/** When the transaction a statement runs in started; the statement then waits 5 ms. */
async function transactionStart(ctx: Context): Promise<string> {
  const [row] = await readRows(
    ctx.tx,
    sql`SELECT now()::text AS started, pg_sleep(0.005)::text AS slept`,
    z.object({ started: z.string() }),
  );
  return row!.started;
}

/** The transaction starts of two statements, one after the other. */
const transactionStarts = async (ctx: Context) => [
  await transactionStart(ctx),
  await transactionStart(ctx),
];

describe('runQuery', () => {
  it('runs a read with no transaction of its own: each statement takes a connection and gives it back', async () => {
    const [first, second] = await runQuery(visitorRequest(), transactionStarts, undefined);
    expect(second).not.toBe(first);
  });

  it('runs a read that asks for a snapshot in one transaction', async () => {
    const [first, second] = await runQuery(visitorRequest(), transactionStarts, undefined, {
      snapshot: true,
    });
    expect(second).toBe(first);
  });

  it('refuses a write in a snapshot', async () => {
    const write = (ctx: Context) =>
      ctx.tx.execute(sql`UPDATE public_listing_revision SET revision = revision`);
    const refused = await runQuery(visitorRequest(), write, undefined, { snapshot: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(pgErrorCode(refused)).toBe(PG_READ_ONLY_TRANSACTION);
  });

  it('gives the read the request context: who asks, the clock and the calendar', async () => {
    const seen = await runQuery(
      visitorRequest(),
      async (ctx: Context) => ({ actor: ctx.actor, now: ctx.now, timeZone: ctx.timeZone }),
      undefined,
    );
    expect(seen).toEqual({
      actor: { kind: 'visitor' },
      now: t.clock.now,
      timeZone: t.config.timeZone,
    });
  });
});
