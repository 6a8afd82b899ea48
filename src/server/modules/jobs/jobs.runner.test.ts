import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createJobRunner, retryDelayMs, type JobRunner } from './jobs.runner';
import { jobsTable } from './jobs.table';
import type { JobDefinition } from './jobs.types';
import { z } from 'zod';
import { readRows } from '../../db/read-rows';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;

/**
 * The runner on a real database, with handlers that leave one row per run in a scratch
 * table: 'exactly once in effect' is counted there, not inferred from the jobs table.
 */
describe('the jobs runner', () => {
  let t: TestApp;
  /** Keys a handler should fail on, and how many more times. */
  const failures = new Map<string, number>();

  const effect: JobDefinition = {
    kind: 'test.effect',
    run: async ({ tx, actor, requestId }, payload) => {
      const { key } = payload as { key: string };
      await tx.execute(sql`insert into job_effects (key, actor, request_id)
          values (${key}, ${actor.kind === 'system' ? actor.name : actor.kind}, ${requestId})`);
      const left = failures.get(key) ?? 0;
      if (left > 0) {
        failures.set(key, left - 1);
        throw new Error(`planned failure of ${key}`);
      }
    },
  };
  const tick: JobDefinition = { kind: 'test.tick', everyMs: HOUR, run: async () => {} };

  function runner(definitions = [effect]): JobRunner {
    return createJobRunner({
      db: t.database.db,
      definitions,
      now: () => t.clock.now,
      timeZone: 'UTC',
      pollMs: 1_000,
      log: { warn: () => {}, error: () => {} },
    });
  }

  async function effects(key?: string): Promise<string[]> {
    const rows = await readRows(
      t.database.db,
      key === undefined
        ? sql`select key from job_effects order by key`
        : sql`select key from job_effects where key = ${key}`,
      z.object({ key: z.string() }),
    );
    return rows.map((row) => row.key);
  }

  const jobByKey = async (key: string) =>
    (await t.database.db.select().from(jobsTable).where(eq(jobsTable.key, key)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`create table job_effects (key text not null, actor text not null, request_id text not null)`,
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from job_effects`);
    await t.database.db.delete(jobsTable);
    failures.clear();
  });

  const effectJob = (key: string, runAt = t.clock.now) => ({
    kind: 'test.effect',
    key,
    payload: { key },
    runAt,
  });

  it('stores one job for a key enqueued twice, and runs it once', async () => {
    const jobs = runner();
    expect(await jobs.enqueue(effectJob('once'))).toBe(true);
    expect(await jobs.enqueue(effectJob('once'))).toBe(false);
    expect((await jobs.runDueJobs(t.clock.now)).done).toBe(1);
    expect((await jobs.runDueJobs(t.clock.now)).done).toBe(0);
    expect(await effects()).toEqual(['once']);
    const job = await jobByKey('once');
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(1);
  });

  it('runs a job only when its time has come, with the system actor', async () => {
    const jobs = runner();
    await jobs.enqueue(effectJob('later', new Date(t.clock.now.getTime() + HOUR)));
    await jobs.runDueJobs(t.clock.now);
    expect(await effects()).toEqual([]);
    await jobs.runDueJobs(new Date(t.clock.now.getTime() + HOUR));
    const rows = await readRows(
      t.database.db,
      sql`select actor, request_id from job_effects`,
      z.object({ actor: z.string(), request_id: z.string() }),
    );
    expect(rows).toEqual([{ actor: 'jobs', request_id: `job-${(await jobByKey('later')).id}-1` }]);
  });

  it("undoes a failed attempt's writes and retries with a growing delay, then gives up", async () => {
    const jobs = runner();
    failures.set('flaky', 10);
    await jobs.enqueue({ ...effectJob('flaky'), maxAttempts: 3 });
    let now = t.clock.now;
    expect(await jobs.runDueJobs(now)).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await effects()).toEqual([]);
    let job = await jobByKey('flaky');
    expect(job.attempts).toBe(1);
    expect(job.runAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(job.lastError).toBe('planned failure of flaky');

    // Not before its retry time.
    expect(await jobs.runDueJobs(new Date(job.runAt.getTime() - 1))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    now = job.runAt;
    expect(await jobs.runDueJobs(now)).toEqual({ done: 0, retried: 1, failed: 0 });
    job = await jobByKey('flaky');
    expect(job.runAt.getTime()).toBe(now.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await jobs.runDueJobs(job.runAt)).toEqual({ done: 0, retried: 0, failed: 1 });
    job = await jobByKey('flaky');
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(3);
    expect(await effects()).toEqual([]);
  });

  it('a job that fails once succeeds on its retry, leaving one effect', async () => {
    const jobs = runner();
    failures.set('retry-ok', 1);
    await jobs.enqueue(effectJob('retry-ok'));
    await jobs.runDueJobs(t.clock.now);
    const job = await jobByKey('retry-ok');
    expect(await jobs.runDueJobs(job.runAt)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects()).toEqual(['retry-ok']);
  });

  it('schedules a recurring job once per period, however often it polls', async () => {
    const jobs = runner([tick]);
    const start = new Date('2026-05-01T10:05:00Z');
    await jobs.runDueJobs(start);
    await jobs.runDueJobs(new Date('2026-05-01T10:59:59Z'));
    await runner([tick]).runDueJobs(new Date('2026-05-01T10:30:00Z'));
    await jobs.runDueJobs(new Date('2026-05-01T11:00:00Z'));
    const rows = await t.database.db
      .select({ key: jobsTable.key, status: jobsTable.status })
      .from(jobsTable)
      .orderBy(jobsTable.key);
    expect(rows).toEqual([
      { key: 'test.tick@2026-05-01T10:00:00.000Z', status: 'done' },
      { key: 'test.tick@2026-05-01T11:00:00.000Z', status: 'done' },
    ]);
  });

  it('a job kind without a handler fails and is retried, not lost', async () => {
    const jobs = runner();
    await jobs.enqueue({ kind: 'test.unknown', key: 'unknown', runAt: t.clock.now });
    expect(await jobs.runDueJobs(t.clock.now)).toEqual({ done: 0, retried: 1, failed: 0 });
    expect((await jobByKey('unknown')).lastError).toMatch(/no handler/);
  });

  describe('a job with a lease (work outside the database)', () => {
    const LEASE_MS = 60_000;
    /** What the job's row looked like from outside while its handler ran. */
    const seen: { attempts: number; runAt: number; payload: unknown }[] = [];
    let takeOver = false;
    const leased: JobDefinition = {
      kind: 'test.leased',
      leaseMs: LEASE_MS,
      secretPayload: true,
      run: async ({ tx }, payload) => {
        const { key } = payload as { key: string };
        // No transaction is open: the claim has committed, and the database answers at once
        // (the embedded database would wait forever behind an open transaction).
        const row = await jobByKey(key);
        seen.push({ attempts: row.attempts, runAt: row.runAt.getTime(), payload: row.payload });
        expect(tx).toBe(t.database.db);
        if (takeOver) {
          // Another process claims the job again after the lease ended.
          await t.database.db
            .update(jobsTable)
            .set({ attempts: row.attempts + 1 })
            .where(eq(jobsTable.id, row.id));
        }
        const left = failures.get(key) ?? 0;
        if (left > 0) {
          failures.set(key, left - 1);
          throw new Error(`planned failure of ${key}`);
        }
      },
    };
    const leasedJob = (key: string) => ({
      kind: 'test.leased',
      key,
      payload: { key, link: 'secret' },
      runAt: t.clock.now,
    });
    beforeEach(() => {
      seen.length = 0;
      takeOver = false;
    });

    it('runs with no transaction open, counts each attempt once, retries with the backoff, and erases a secret payload when done', async () => {
      const jobs = runner([leased]);
      failures.set('mail', 1);
      await jobs.enqueue(leasedJob('mail'));
      const now = t.clock.now;
      expect(await jobs.runDueJobs(now)).toEqual({ done: 0, retried: 1, failed: 0 });
      expect(seen).toEqual([
        { attempts: 1, runAt: now.getTime() + LEASE_MS, payload: { key: 'mail', link: 'secret' } },
      ]);
      let job = await jobByKey('mail');
      expect(job).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'planned failure of mail',
      });
      expect(job.runAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
      // Kept for the retry.
      expect(job.payload).toEqual({ key: 'mail', link: 'secret' });

      expect(await jobs.runDueJobs(job.runAt)).toEqual({ done: 1, retried: 0, failed: 0 });
      job = await jobByKey('mail');
      expect(job).toMatchObject({ status: 'done', attempts: 2, lastError: null, payload: {} });
    });

    it('erases a secret payload when it gives up too', async () => {
      const jobs = runner([leased]);
      failures.set('doomed', 5);
      await jobs.enqueue({ ...leasedJob('doomed'), maxAttempts: 1 });
      expect(await jobs.runDueJobs(t.clock.now)).toEqual({ done: 0, retried: 0, failed: 1 });
      expect(await jobByKey('doomed')).toMatchObject({
        status: 'failed',
        attempts: 1,
        payload: {},
      });
    });

    it('leaves a job whose lease another process took over to that process', async () => {
      const jobs = runner([leased]);
      takeOver = true;
      await jobs.enqueue(leasedJob('taken'));
      expect(await jobs.runDueJobs(t.clock.now)).toEqual({ done: 0, retried: 0, failed: 0 });
      expect(await jobByKey('taken')).toMatchObject({ status: 'pending', attempts: 2 });
    });
  });

  it.runIf(onPostgres)('leaves scheduling to the process that holds the leader lock', async () => {
    const jobs = runner([tick]);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724031112)`);
      await jobs.runDueJobs(new Date('2026-06-01T10:00:00Z'));
    });
    expect(await t.database.db.select().from(jobsTable)).toEqual([]);
    await jobs.runDueJobs(new Date('2026-06-01T10:00:00Z'));
    expect(await t.database.db.select().from(jobsTable)).toHaveLength(1);
  });

  it.runIf(onPostgres)('two runners at once run every job exactly once', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `parallel-${String(i).padStart(2, '0')}`);
    for (const key of keys) await runner().enqueue(effectJob(key));
    const [a, b] = await Promise.all([
      runner().runDueJobs(t.clock.now),
      runner().runDueJobs(t.clock.now),
    ]);
    expect(a.done + b.done).toBe(40);
    expect(await effects()).toEqual(keys);
  });
});
