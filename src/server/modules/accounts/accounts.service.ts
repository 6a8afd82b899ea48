import type { Role } from '../../../shared/constants';
import {
  EMAILED_PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  type Account,
  type PasswordResetInfo,
  type PasswordResetLink,
} from '../../../shared/schemas/accounts';
import { actingUser, type Context } from '../../context';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { ensureOwnOrganisation, withdrawInvitationsMadeBy } from '../organisations';
import { enqueueMail } from '../mail';
import { consumeRateLimit } from '../rate-limits';
import { hashOneTimeCode, newOneTimeCode, hashToken } from '../auth';
import { passwordWeakness, hashPassword } from '../users';
import type { UserRow } from '../users';
import { revokeInvitationsCreatedBy } from '../invitations';
import {
  deleteOtherSessions,
  deleteSessionsOf,
  lockAccount,
  lockAccountByNameOrEmail,
  lockActiveAdmins,
  setAccountDisabled,
  setAccountRoles,
  setPasswordHash,
  toAccount,
} from './accounts.repository';
import {
  deleteUnusedPasswordResets,
  findPasswordReset,
  insertPasswordReset,
  markPasswordResetUsed,
} from './password-resets.repository';
import type { AuditAction } from '../../../shared/audit-sentences';

const LAST_ADMIN =
  'Porchlight must keep at least one active Admin: make another account an Admin first';

async function requireAccount(tx: Database, id: number): Promise<UserRow> {
  const row = await lockAccount(tx, id);
  if (!row) throw notFound('accounts.not_found', 'Account not found');
  return row;
}

/**
 * Locks every active Admin (always before the account itself, so two Admins acting on each
 * other queue instead of deadlocking) and answers whether this account is the only one.
 */
async function isLastActiveAdmin(tx: Database, id: number): Promise<boolean> {
  const admins = await lockActiveAdmins(tx);
  return admins.length === 1 && admins[0] === id;
}

async function recordAccountChange(
  ctx: Context,
  action: AuditAction,
  before: UserRow,
  after: UserRow,
) {
  await recordEvent(ctx, { entityType: 'users', entityId: after.id, action, before, after });
}

export async function changeRoles(
  ctx: Context,
  { id, roles }: { id: number; roles: Role[] },
): Promise<Account> {
  const last = await isLastActiveAdmin(ctx.tx, id);
  const before = await requireAccount(ctx.tx, id);
  if (last && !roles.includes('Admin')) throw conflict('accounts.last_admin', LAST_ADMIN);
  const after = await setAccountRoles(ctx.tx, id, roles);
  await recordAccountChange(ctx, 'change_roles', before, after);
  if (roles.includes('Landlord')) await ensureOwnOrganisation(ctx, after);
  return toAccount(after);
}

/**
 * A disabled account cannot log in: the sessions it has end now, its unused password-reset
 * links stop working, and the invitations it made that nobody accepted yet are withdrawn.
 */
export async function disableAccount(ctx: Context, id: number): Promise<Account> {
  if (id === actingUser(ctx).id) {
    throw conflict('accounts.disable_self', 'You cannot disable your own account');
  }
  const last = await isLastActiveAdmin(ctx.tx, id);
  const before = await requireAccount(ctx.tx, id);
  if (before.disabledAt) return toAccount(before);
  if (last) throw conflict('accounts.last_admin', LAST_ADMIN);
  const after = await setAccountDisabled(ctx.tx, id, ctx.now);
  await deleteSessionsOf(ctx.tx, [id]);
  await deleteUnusedPasswordResets(ctx.tx, id);
  await recordAccountChange(ctx, 'disable', before, after);
  for (const { id: invitationId, record } of await revokeInvitationsCreatedBy(
    ctx.tx,
    id,
    ctx.now,
  )) {
    await recordEvent(ctx, {
      entityType: record.kind === 'tenant' ? 'tenants' : 'staff',
      entityId: record.id,
      action: 'revoke_invitation',
      after: { invitationId, reason: "its maker's account was disabled" },
    });
  }
  await withdrawInvitationsMadeBy(ctx, { userId: id, reason: "its maker's account was disabled" });
  return toAccount(after);
}

export async function enableAccount(ctx: Context, id: number): Promise<Account> {
  const before = await requireAccount(ctx.tx, id);
  if (!before.disabledAt) return toAccount(before);
  const after = await setAccountDisabled(ctx.tx, id, null);
  await recordAccountChange(ctx, 'enable', before, after);
  return toAccount(after);
}

/** A new one-time link; any earlier unused link of the account stops working. */
async function newResetLink(
  ctx: Context,
  { userId, ttlMs, createdById }: { userId: number; ttlMs: number; createdById: number | null },
): Promise<{ id: number; code: string; expiresAt: Date }> {
  await deleteUnusedPasswordResets(ctx.tx, userId);
  const { code, codeHash } = newOneTimeCode();
  const expiresAt = new Date(ctx.now.getTime() + ttlMs);
  const row = await insertPasswordReset(ctx.tx, {
    userId,
    codeHash,
    createdById,
    createdAt: ctx.now,
    expiresAt,
  });
  return { id: row.id, code, expiresAt };
}

/**
 * An Admin's link for an account, shown once (any earlier unused link stops working). A
 * disabled account gets none: its link could not be used.
 */
export async function issuePasswordReset(ctx: Context, id: number): Promise<PasswordResetLink> {
  const account = await requireAccount(ctx.tx, id);
  if (account.disabledAt) {
    throw conflict('accounts.disabled', 'Enable this account before making it a reset link');
  }
  const { code, expiresAt } = await newResetLink(ctx, {
    userId: id,
    ttlMs: PASSWORD_RESET_TTL_MS,
    createdById: actingUser(ctx).id,
  });
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: id,
    action: 'issue_reset_link',
    after: { resetLinkExpiresAt: expiresAt },
  });
  return { path: `/reset-password/${code}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Mails to one account at most this many links an hour, however many addresses ask: past
 * that the request is answered as usual and nothing is sent (the last link still works).
 */
export const EMAILED_RESETS_PER_ACCOUNT_PER_HOUR = 5;

function resetMailText(userName: string, link: string): string {
  return [
    `Hello ${userName},`,
    '',
    `Someone, we hope you, asked to choose a new password for the Porchlight account ${userName}.`,
    'Open this link to choose it:',
    '',
    link,
    '',
    'The link works once, for 1 hour. Choosing a new password logs the account out everywhere.',
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
}

/**
 * 'Forgot password?': when the username or email names one enabled account that has an
 * email, a one-time link (1 hour) replaces its unused ones and is mailed to it, through
 * the outbox, in this transaction. The caller answers the same whatever happened here, so
 * the answer says nothing about which accounts exist; the result is for the log only.
 */
export async function emailPasswordReset(
  ctx: Context,
  { userNameOrEmail, publicUrl }: { userNameOrEmail: string; publicUrl: string },
): Promise<{ userId: number | null }> {
  const account = await lockAccountByNameOrEmail(ctx.tx, userNameOrEmail);
  if (!account?.email || account.disabledAt) return { userId: null };
  const budget = await consumeRateLimit(ctx.tx, {
    key: `password-reset-mail:user:${account.id}`,
    limit: EMAILED_RESETS_PER_ACCOUNT_PER_HOUR,
    windowMs: 3_600_000,
    now: ctx.now,
  });
  if (!budget.allowed) return { userId: null };
  const { id, code, expiresAt } = await newResetLink(ctx, {
    userId: account.id,
    ttlMs: EMAILED_PASSWORD_RESET_TTL_MS,
    createdById: null,
  });
  await enqueueMail(ctx, {
    key: `password-reset:${id}`,
    to: account.email,
    subject: 'Choose a new Porchlight password',
    text: resetMailText(account.userName, `${publicUrl}/reset-password/${code}`),
  });
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: account.id,
    action: 'email_reset_link',
    after: { resetLinkExpiresAt: expiresAt, emailedTo: account.email },
  });
  return { userId: account.id };
}

const RESET_UNKNOWN =
  'This password reset link is not valid. Check that the whole link was copied, or ask an administrator for a new one.';
const RESET_USED =
  'This password reset link has already been used. Ask an administrator for a new one.';
const RESET_EXPIRED = 'This password reset link has expired. Ask an administrator for a new one.';
const RESET_ACCOUNT_DISABLED =
  'This password reset link no longer works: the account is disabled. Ask an administrator.';

/**
 * A link that no longer works answers 410 Gone; one that never existed, 404. A disabled
 * account's link never works (disabling deletes them; this is the backstop).
 */
function checkUsable(found: Awaited<ReturnType<typeof findPasswordReset>>, now: Date) {
  if (!found) throw notFound('password_resets.not_found', RESET_UNKNOWN);
  if (found.reset.usedAt) throw new AppError(410, 'password_resets.used', RESET_USED);
  if (found.reset.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(410, 'password_resets.expired', RESET_EXPIRED);
  }
  if (found.user.disabledAt) {
    throw new AppError(410, 'password_resets.account_disabled', RESET_ACCOUNT_DISABLED);
  }
  return found;
}

export async function readPasswordReset(ctx: Context, code: string): Promise<PasswordResetInfo> {
  const found = await findPasswordReset(ctx.tx, hashOneTimeCode(code));
  const { reset, user } = checkUsable(found, ctx.now);
  return { userName: user.userName, expiresAt: reset.expiresAt.toISOString() };
}

/**
 * Sets the new password, uses up the link and ends the account's sessions, in one
 * transaction. The link row is locked, so of two uses of one link, one wins.
 */
export async function redeemPasswordReset(
  ctx: Context,
  { code, password }: { code: string; password: string },
): Promise<{ userId: number }> {
  const { reset, user } = checkUsable(
    await findPasswordReset(ctx.tx, hashOneTimeCode(code), { lock: true }),
    ctx.now,
  );
  const weakness = await passwordWeakness(password, user.userName);
  if (weakness) throw badRequest('users.weak_password', weakness, 'password');
  await setPasswordHash(ctx.tx, user.id, await hashPassword(password));
  await markPasswordResetUsed(ctx.tx, reset.id, ctx.now);
  await deleteUnusedPasswordResets(ctx.tx, user.id);
  await deleteSessionsOf(ctx.tx, [user.id]);
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: user.id,
    action: 'reset_password',
    after: { resetLinkIssuedAt: reset.createdAt, sessionsEnded: true },
  });
  return { userId: user.id };
}

/**
 * A user's new password, once the route has checked the current one under the login
 * throttle. The session it was changed from stays; every other session ends, so a stolen
 * session dies with the old password.
 */
export async function changeOwnPassword(
  ctx: Context,
  { newPassword, sessionToken }: { newPassword: string; sessionToken: string },
): Promise<void> {
  const user = actingUser(ctx);
  const weakness = await passwordWeakness(newPassword, user.userName);
  if (weakness) throw badRequest('users.weak_password', weakness, 'newPassword');
  await requireAccount(ctx.tx, user.id);
  await setPasswordHash(ctx.tx, user.id, await hashPassword(newPassword));
  await deleteOtherSessions(ctx.tx, user.id, hashToken(sessionToken));
  // A reset link mailed before the change would otherwise undo it.
  await deleteUnusedPasswordResets(ctx.tx, user.id);
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: user.id,
    action: 'change_password',
    after: { otherSessionsEnded: true, resetLinksEnded: true },
  });
}
