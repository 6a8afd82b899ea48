import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitsTable } from './rate-limits.table';

/**
 * Rate limits kept in the database, so every server process sees one count: a second
 * process (or a restart) never resets an attacker's budget. Each call is one
 * INSERT ... ON CONFLICT DO UPDATE statement, which PostgreSQL (and PGlite) run atomically
 * per key, so concurrent requests cannot both slip under a limit.
 */

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until another attempt may succeed; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface ConsumeRateLimitOptions {
  /** What is limited, e.g. `applications:ip:203.0.113.7`. */
  key: string;
  /** How many calls a window allows. */
  limit: number;
  windowMs: number;
  now: Date;
}

const t = rateLimitsTable;

/** A timestamp parameter that both drivers bind the same way. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one call against `key` in a fixed window of `windowMs` that starts at the key's
 * first call. Allowed while the count is within `limit`.
 */
export async function consumeRateLimit(
  db: Database,
  { key, limit, windowMs, now }: ConsumeRateLimitOptions,
): Promise<RateLimitResult> {
  const expired = sql`${t.windowStartedAt} <= ${at(new Date(now.getTime() - windowMs))}`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${at(now)} ELSE ${t.windowStartedAt} END`,
      },
    })
    .returning({ count: t.count, windowStartedAt: t.windowStartedAt });
  if (row!.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  const windowEndsAt = row!.windowStartedAt.getTime() + windowMs;
  return { allowed: false, retryAfterSeconds: secondsUntil(windowEndsAt, now) };
}

export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}

export interface DelayPolicy {
  /** Failures in a window that carry no delay. */
  freeFailures: number;
  /** The delay after the first failure beyond the free ones; it doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay: short enough that an attacker cannot lock a victim out for long. */
  maxDelayMs: number;
  /** Failures older than this no longer count (the window starts at the first failure). */
  windowMs: number;
}

/** Whether `key` is in a delay now; does not count anything. */
export async function checkDelay(db: Database, key: string, now: Date): Promise<RateLimitResult> {
  const [row] = await db
    .select({ blockedUntil: t.blockedUntil })
    .from(t)
    .where(eq(t.key, key))
    .limit(1);
  const blockedUntil = row?.blockedUntil?.getTime();
  if (blockedUntil === undefined || blockedUntil <= now.getTime()) {
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return { allowed: false, retryAfterSeconds: secondsUntil(blockedUntil, now) };
}

/**
 * Claims one attempt against `key` before the attempt is made (a login's password check),
 * counting it as a failure until it is released. Past the free failures the claim that
 * crosses the line sets a delay (base, 2 x base, 4 x base ... up to max), and while a delay
 * runs no claim is counted or allowed. One statement decides and counts: the upsert's
 * WHERE refuses the update (and returns no row) while the key is blocked, so however many
 * requests arrive at once, at most the free failures + 1 are allowed per delay.
 */
export async function claimAttempt(
  db: Database,
  key: string,
  now: Date,
  policy: DelayPolicy,
): Promise<RateLimitResult> {
  const expired = sql`${t.windowStartedAt} <= ${at(new Date(now.getTime() - policy.windowMs))}`;
  const newCount = sql`(CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END)`;
  const counted = await db
    .insert(t)
    .values({
      key,
      count: 1,
      windowStartedAt: now,
      blockedUntil: policy.freeFailures < 1 ? new Date(now.getTime() + delayMs(1, policy)) : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: newCount,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${at(now)} ELSE ${t.windowStartedAt} END`,
        // LEAST(base * 2^(excess - 1), max) milliseconds after now, when past the free failures.
        blockedUntil: sql`CASE WHEN ${newCount} > ${policy.freeFailures}
          THEN ${at(now)} + make_interval(secs => LEAST(
            ${policy.baseDelayMs / 1000}::float8 * power(2, LEAST(${newCount} - ${policy.freeFailures} - 1, 30)),
            ${policy.maxDelayMs / 1000}::float8))
          ELSE NULL END`,
      },
      setWhere: sql`${t.blockedUntil} IS NULL OR ${t.blockedUntil} <= ${at(now)}`,
    })
    .returning({ count: t.count });
  if (counted.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const { retryAfterSeconds } = await checkDelay(db, key, now);
  return { allowed: false, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
}

/**
 * Gives back one claimed attempt that did not fail (a right password, or an attempt refused
 * by another limit). A delay that only the claim itself had set goes with it.
 */
export async function releaseAttempt(
  db: Database,
  key: string,
  policy: DelayPolicy,
): Promise<void> {
  await db
    .update(t)
    .set({
      count: sql`GREATEST(${t.count} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${t.count} - 1 > ${policy.freeFailures} THEN ${t.blockedUntil} ELSE NULL END`,
    })
    .where(eq(t.key, key));
}

function delayMs(excess: number, policy: DelayPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** (excess - 1), policy.maxDelayMs);
}

function secondsUntil(time: number, now: Date): number {
  return Math.max(1, Math.ceil((time - now.getTime()) / 1000));
}

/** Counters kept at most this long after their window started (no window may be longer). */
export const RATE_LIMIT_RETENTION_MS = 24 * 3_600_000;

/** Housekeeping: drop counters whose window and delay are long over. */
export async function deleteStaleRateLimits(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(t)
    .where(
      and(
        lt(t.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)),
        or(isNull(t.blockedUntil), lt(t.blockedUntil, now)),
      ),
    )
    .returning({ key: t.key });
  return rows.length;
}
