import type { Database } from '../../db/client';
import { claimAttempt, releaseAttempt, resetRateLimit, type DelayPolicy } from '../rate-limits';

/**
 * Brute-force protection for login: failed attempts are counted per username and per IP
 * (in the database, so every server process shares the count). Past a few free failures
 * each further failure adds a short delay that doubles, capped at a few minutes: guessing
 * slows to a crawl, yet an attacker cannot lock the real user out for long.
 *
 * An attempt is counted before its password is checked (and given back when it succeeds):
 * checking first and counting after would let a burst of simultaneous guesses all be heard.
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

/**
 * Counts this login attempt against the username and the address; answers the seconds to
 * wait when either is in a delay (nothing is checked then), or 0 when the password may be
 * checked. The username goes first, so a blocked address cannot run up a victim's count.
 */
export async function claimLoginAttempt(
  db: Database,
  ip: string,
  userName: string,
  now: Date,
): Promise<number> {
  const byUser = await claimAttempt(db, userKey(userName), now, USERNAME_POLICY);
  if (!byUser.allowed) return byUser.retryAfterSeconds;
  const byIp = await claimAttempt(db, ipKey(ip), now, IP_POLICY);
  if (byIp.allowed) return 0;
  await releaseAttempt(db, userKey(userName), USERNAME_POLICY);
  return byIp.retryAfterSeconds;
}

/** A successful login clears the username's failures and gives back the address's claim. */
export async function loginSucceeded(db: Database, ip: string, userName: string): Promise<void> {
  await resetRateLimit(db, userKey(userName));
  await releaseAttempt(db, ipKey(ip), IP_POLICY);
}
