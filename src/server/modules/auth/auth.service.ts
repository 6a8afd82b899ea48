import type { BaseLogger } from 'pino';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors';
import { recordEvent } from '../audit';
import { firstOrganisationOf } from '../organisations';
import { dummyPasswordHash, verifyPassword, findUserByName, toUser } from '../users';
import type { UserRow } from '../users';
import { claimLoginAttempt, loginSucceeded } from './login-throttle';
import { createSession, deleteSession, endSessionsBeyond, hashToken } from './sessions.repository';
import { MAX_SESSIONS_PER_USER } from '../../../shared/constants';

export const WRONG_CREDENTIALS = 'Wrong username or password';
const ACCOUNT_DISABLED =
  'This account has been disabled. Please contact your landlord or an administrator.';
const TOO_MANY_ATTEMPTS = (seconds: number) =>
  `Too many failed login attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Checks a name and password under the login throttle. It runs before and outside any
 * transaction: the attempt's count must stay whatever the outcome, and the password hash
 * is slow on purpose, so no database connection waits on it.
 */
export async function checkCredentials(
  db: Database,
  attempt: { ip: string; userName: string; password: string; now: Date },
  log: Pick<BaseLogger, 'info' | 'warn'>,
): Promise<UserRow> {
  const { ip, userName, password, now } = attempt;
  const retryAfter = await claimLoginAttempt(db, ip, userName, now);
  if (retryAfter > 0) {
    log.warn({ event: 'login.throttled', userName, ip, retryAfter }, 'login throttled');
    throw tooManyRequests(TOO_MANY_ATTEMPTS(retryAfter), retryAfter);
  }
  const row = await findUserByName(db, userName);
  // Verify against a dummy hash for unknown names: same work, same answer, same time.
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!row || !valid) {
    log.info({ event: 'login.failed', userName, ip, knownUser: Boolean(row) }, 'login failed');
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await loginSucceeded(db, ip, userName);
  // Said only to whoever knows the password: a stranger learns nothing about the account.
  if (row.disabledAt) {
    log.info({ event: 'login.disabled', userId: row.id }, 'login of a disabled account');
    throw new AppError(403, 'auth.disabled', ACCOUNT_DISABLED);
  }
  log.info(
    { event: 'login.succeeded', userId: row.id, userName: row.userName, ip },
    'login succeeded',
  );
  return row;
}

/**
 * A new session for a user whose password was checked; the session this browser had
 * before ends (a new token at every login), and so do the account's oldest sessions past
 * MAX_SESSIONS_PER_USER. Answers the raw token for the cookie.
 */
export async function startSession(
  ctx: Context,
  { user, previousToken }: { user: UserRow; previousToken: string | undefined },
): Promise<{ token: string; organisationId: number | null }> {
  if (previousToken) await deleteSession(ctx.tx, previousToken);
  const organisationId = await firstOrganisationOf(ctx.tx, user.id);
  const token = await createSession(ctx.tx, { userId: user.id, organisationId, now: ctx.now });
  await endSessionsBeyond(ctx.tx, {
    userId: user.id,
    current: hashToken(token),
    keep: MAX_SESSIONS_PER_USER,
  });
  await recordEvent(
    { ...ctx, actor: { kind: 'user', user: toUser(user) } },
    { entityType: 'users', entityId: user.id, action: 'login' },
  );
  return { token, organisationId };
}

/** Ends the session of this token; a session that was still valid leaves a logout event. */
export async function endSession(ctx: Context, token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSession(ctx.tx, token);
  if (ctx.actor.kind === 'user') {
    await recordEvent(ctx, { entityType: 'users', entityId: ctx.actor.user.id, action: 'logout' });
  }
}
