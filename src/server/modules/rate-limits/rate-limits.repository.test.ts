import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkDelay,
  claimAttempt,
  consumeRateLimit,
  deleteStaleRateLimits,
  releaseAttempt,
  resetRateLimit,
} from './rate-limits.repository';

const MINUTE = 60_000;

describe('rate limits in the database', () => {
  let t: TestApp;
  let db: Database;
  const start = new Date('2026-11-21T10:00:00.000Z');
  const later = (ms: number) => new Date(start.getTime() + ms);
  let keyCounter = 0;
  const newKey = () => `test:${++keyCounter}`;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db as Database;
  });
  afterAll(() => t.close());

  it('allows calls up to the limit and refuses the next one until the window ends', async () => {
    const key = newKey();
    const options = { key, limit: 3, windowMs: 10 * MINUTE };
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(db, { ...options, now: later(i * 1000) })).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    const refused = await consumeRateLimit(db, { ...options, now: later(4 * MINUTE) });
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 6 * 60 });
  });

  it('starts a fresh window once the old one has passed', async () => {
    const key = newKey();
    const options = { key, limit: 1, windowMs: MINUTE };
    expect((await consumeRateLimit(db, { ...options, now: start })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...options, now: later(59_000) })).allowed).toBe(false);
    expect((await consumeRateLimit(db, { ...options, now: later(MINUTE) })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...options, now: later(MINUTE + 1) })).allowed).toBe(
      false,
    );
  });

  it('keeps separate counts per key', async () => {
    const a = newKey();
    const b = newKey();
    expect(
      (await consumeRateLimit(db, { key: a, limit: 1, windowMs: MINUTE, now: start })).allowed,
    ).toBe(true);
    expect(
      (await consumeRateLimit(db, { key: b, limit: 1, windowMs: MINUTE, now: start })).allowed,
    ).toBe(true);
    expect(
      (await consumeRateLimit(db, { key: a, limit: 1, windowMs: MINUTE, now: start })).allowed,
    ).toBe(false);
  });

  it('lets exactly the limit through when many calls arrive at once', async () => {
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        consumeRateLimit(db, { key, limit: 7, windowMs: MINUTE, now: start }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  it('forgets a key when it is reset', async () => {
    const key = newKey();
    const options = { key, limit: 1, windowMs: MINUTE, now: start };
    await consumeRateLimit(db, options);
    expect((await consumeRateLimit(db, options)).allowed).toBe(false);
    await resetRateLimit(db, key);
    expect((await consumeRateLimit(db, options)).allowed).toBe(true);
  });

  describe('claimed attempts and growing delays', () => {
    const policy = {
      freeFailures: 3,
      baseDelayMs: 2000,
      maxDelayMs: 10_000,
      windowMs: 15 * MINUTE,
    };
    /** Claims one attempt once any delay has passed; answers the delay it ran into. */
    const claimAfterDelay = async (key: string, at: Date) => {
      const result = await claimAttempt(db, key, at, policy);
      if (result.allowed) return { at, waited: 0 };
      const next = new Date(at.getTime() + result.retryAfterSeconds * 1000);
      expect((await claimAttempt(db, key, next, policy)).allowed).toBe(true);
      return { at: next, waited: result.retryAfterSeconds };
    };

    it('allows the free attempts, then delays that double up to the maximum', async () => {
      const key = newKey();
      let at = start;
      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        const claim = await claimAfterDelay(key, at);
        at = claim.at;
        waits.push(claim.waited);
      }
      expect(waits).toEqual([0, 0, 0, 0, 2, 4, 8, 10]);
    });

    it('reports a delay only until it has passed', async () => {
      const key = newKey();
      for (let i = 0; i < 5; i++) await claimAttempt(db, key, start, policy);
      expect(await checkDelay(db, key, later(1000))).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      expect(await checkDelay(db, key, later(2000))).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
      expect(await checkDelay(db, newKey(), start)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    });

    it('counts afresh after the window, and not at all after a reset', async () => {
      const key = newKey();
      for (let i = 0; i < 4; i++) await claimAttempt(db, key, start, policy);
      expect((await claimAttempt(db, key, later(1000), policy)).allowed).toBe(false);
      const fresh = later(15 * MINUTE);
      for (let i = 0; i < 4; i++)
        expect((await claimAttempt(db, key, fresh, policy)).allowed).toBe(true);
      expect((await claimAttempt(db, key, fresh, policy)).allowed).toBe(false);
      await resetRateLimit(db, key);
      for (let i = 0; i < 4; i++)
        expect((await claimAttempt(db, key, fresh, policy)).allowed).toBe(true);
    });

    it('lets only the free attempts + 1 through when many arrive at once', async () => {
      const key = newKey();
      const results = await Promise.all(
        Array.from({ length: 40 }, () => claimAttempt(db, key, start, policy)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(policy.freeFailures + 1);
      for (const refused of results.filter((r) => !r.allowed)) {
        expect(refused.retryAfterSeconds).toBe(2);
      }
    });

    it('a released attempt no longer counts, nor does the delay it alone had set', async () => {
      const key = newKey();
      for (let i = 0; i < 4; i++) await claimAttempt(db, key, start, policy);
      expect((await checkDelay(db, key, start)).allowed).toBe(false);
      await releaseAttempt(db, key, policy);
      expect((await checkDelay(db, key, start)).allowed).toBe(true);
      expect((await claimAttempt(db, key, start, policy)).allowed).toBe(true);
      expect((await claimAttempt(db, key, start, policy)).allowed).toBe(false);
    });
  });

  it('housekeeping drops only counters whose window started over a day ago', async () => {
    const old = newKey();
    const fresh = newKey();
    await consumeRateLimit(db, { key: old, limit: 1, windowMs: MINUTE, now: start });
    await consumeRateLimit(db, {
      key: fresh,
      limit: 1,
      windowMs: MINUTE,
      now: later(20 * 60 * MINUTE),
    });
    await deleteStaleRateLimits(db, later(24 * 60 * MINUTE + 1));
    // The old key starts afresh; the fresh one still counts.
    expect(
      (
        await consumeRateLimit(db, {
          key: old,
          limit: 1,
          windowMs: 48 * 60 * MINUTE,
          now: later(24 * 60 * MINUTE + 2),
        })
      ).allowed,
    ).toBe(true);
    expect(
      (
        await consumeRateLimit(db, {
          key: fresh,
          limit: 1,
          windowMs: 48 * 60 * MINUTE,
          now: later(24 * 60 * MINUTE + 2),
        })
      ).allowed,
    ).toBe(false);
  });
});
