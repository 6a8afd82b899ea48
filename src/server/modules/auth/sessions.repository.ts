import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usersTable, type UserRow } from '../users';
import { sessionsTable } from './sessions.table';

/** How long between refreshes of last_seen_at: not on every request. */
const LAST_SEEN_REFRESH_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a session and returns the raw token for the cookie (256 random bits). It acts for
 * the organisation given: the one the person joined first, or none.
 */
export async function createSession(
  db: Database,
  { userId, organisationId, now }: { userId: number; organisationId: number | null; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessionsTable).values({
    tokenHash: hashToken(token),
    userId,
    organisationId,
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionUser {
  user: UserRow;
  /** The organisation the session acts for; null: none. */
  organisationId: number | null;
}

/** The user behind a token, or null when the session is missing or expired. */
export async function findSessionUser(
  db: Database,
  token: string,
  now: Date,
  limits: SessionLimits,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessionsTable, user: usersTable })
    .from(sessionsTable)
    .innerJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
    // A disabled account's sessions are deleted when it is disabled; this is the backstop.
    .where(and(eq(sessionsTable.tokenHash, tokenHash), isNull(usersTable.disabledAt)))
    .limit(1);
  if (!row) return null;

  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  const age = now.getTime() - row.session.createdAt.getTime();
  if (idleFor > limits.idleMs || age > limits.absoluteMs) {
    await db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, tokenHash));
    return null;
  }
  if (idleFor > LAST_SEEN_REFRESH_MS) {
    await db
      .update(sessionsTable)
      .set({ lastSeenAt: now })
      .where(eq(sessionsTable.tokenHash, tokenHash));
  }
  return { user: row.user, organisationId: row.session.organisationId };
}

/** Which organisation the session acts for from now on. */
export async function setSessionOrganisation(
  db: Database,
  token: string,
  organisationId: number,
): Promise<void> {
  await db
    .update(sessionsTable)
    .set({ organisationId })
    .where(eq(sessionsTable.tokenHash, hashToken(token)));
}

/** The person's sessions that act for no organisation now act for this one. */
export async function actOnOwnOrganisation(
  db: Database,
  { userId, organisationId }: { userId: number; organisationId: number },
): Promise<void> {
  await db
    .update(sessionsTable)
    .set({ organisationId })
    .where(and(eq(sessionsTable.userId, userId), isNull(sessionsTable.organisationId)));
}

/** Ends every session of the person that acts for the organisation (they left it). */
export async function endSessionsInOrganisation(
  db: Database,
  { userId, organisationId }: { userId: number; organisationId: number },
): Promise<number> {
  const ended = await db
    .delete(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), eq(sessionsTable.organisationId, organisationId)))
    .returning({ tokenHash: sessionsTable.tokenHash });
  return ended.length;
}

/**
 * Ends the user's sessions beyond the newest `keep`, oldest first; the session `current`
 * (the one just made) always stays. Answers how many ended.
 */
export async function endSessionsBeyond(
  db: Database,
  { userId, current, keep }: { userId: number; current: string; keep: number },
): Promise<number> {
  const others = and(eq(sessionsTable.userId, userId), ne(sessionsTable.tokenHash, current));
  const newest = db
    .select({ tokenHash: sessionsTable.tokenHash })
    .from(sessionsTable)
    .where(others)
    .orderBy(
      desc(sessionsTable.createdAt),
      desc(sessionsTable.lastSeenAt),
      desc(sessionsTable.tokenHash),
    )
    .limit(Math.max(0, keep - 1));
  const ended = await db
    .delete(sessionsTable)
    .where(and(others, notInArray(sessionsTable.tokenHash, newest)))
    .returning({ tokenHash: sessionsTable.tokenHash });
  return ended.length;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
}

/** Housekeeping: drop sessions that can no longer be used. */
export async function deleteExpiredSessions(
  db: Database,
  now: Date,
  limits: SessionLimits,
): Promise<void> {
  await db
    .delete(sessionsTable)
    .where(
      or(
        lt(sessionsTable.lastSeenAt, new Date(now.getTime() - limits.idleMs)),
        lt(sessionsTable.createdAt, new Date(now.getTime() - limits.absoluteMs)),
      ),
    );
}
