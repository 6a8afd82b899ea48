import type { Database } from '../../db/client';
import {
  checkDelay,
  recordFailure,
  resetRateLimit,
  type DelayPolicy,
} from '../rate-limits/rate-limits.repository';

/**
 * Brute-force protection for login: failed attempts are counted per username and per IP
 * (in the database, so every server process shares the count). Past a few free failures
 * each further failure adds a short delay that doubles, capped at a few minutes: guessing
 * slows to a crawl, yet an attacker cannot lock the real user out for long.
 */
const MINUTE = 60_000;

/** Per username: 5 free failures in 15 minutes, then 5 s, 10 s, 20 s ... at most 5 minutes. */
export const USERNAME_POLICY: DelayPolicy = {
  freeFailures: 5,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * MINUTE,
  windowMs: 15 * MINUTE,
};

/** Per IP (many names from one address): 30 free failures in 15 minutes, then 2 s, 4 s ... */
export const IP_POLICY: DelayPolicy = {
  freeFailures: 30,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * MINUTE,
  windowMs: 15 * MINUTE,
};

const userKey = (userName: string) => `login:user:${userName.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** Seconds to wait before this login may be tried, or 0 when it may go ahead. */
export async function loginRetryAfter(
  db: Database,
  ip: string,
  userName: string,
  now: Date,
): Promise<number> {
  const [byUser, byIp] = await Promise.all([
    checkDelay(db, userKey(userName), now),
    checkDelay(db, ipKey(ip), now),
  ]);
  return Math.max(byUser.retryAfterSeconds, byIp.retryAfterSeconds);
}

export async function recordLoginFailure(
  db: Database,
  ip: string,
  userName: string,
  now: Date,
): Promise<void> {
  await recordFailure(db, userKey(userName), now, USERNAME_POLICY);
  await recordFailure(db, ipKey(ip), now, IP_POLICY);
}

/** A successful login clears the username's failures (not the address's). */
export async function clearLoginFailures(db: Database, userName: string): Promise<void> {
  await resetRateLimit(db, userKey(userName));
}
