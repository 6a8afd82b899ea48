import { and, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { Account } from '../../../shared/schemas/accounts';
import type { Database } from '../../db/client';
import { sessionsTable } from '../auth';
import { organisationMembersTable, organisationsTable } from '../organisations';
import { containsPattern } from '../properties';
import { usersTable, type UserRow } from '../users';
import { phoneDigitsMatch } from '../../db/phone-search';

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    phone: row.phone,
    roles: row.roles as Role[],
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's places in organisations, as the Admin's list says them. */
const teamsOf = sql<NonNullable<Account['teams']>>`coalesce((
  SELECT json_agg(json_build_object('organisation', o.name, 'role', m.role) ORDER BY m.id)
  FROM ${organisationMembersTable} m JOIN ${organisationsTable} o ON o.id = m.organisation_id
  -- Qualified by hand: a one-table select names its own columns bare.
  WHERE m.user_id = "users"."id"), '[]'::json)`;

/** One page of accounts and the exact total, from one scan (a window count). */
export async function listAccounts(
  db: Database,
  options: { q?: string | undefined; limit: number; offset: number },
): Promise<{ accounts: Account[]; total: number }> {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const rows = await db
    .select({
      user: usersTable,
      teams: teamsOf,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(usersTable)
    .where(
      pattern
        ? or(
            ilike(usersTable.userName, pattern),
            ilike(usersTable.email, pattern),
            ilike(usersTable.phone, pattern),
            phoneDigitsMatch(usersTable.phone, options.q ?? ''),
          )
        : undefined,
    )
    .orderBy(asc(sql`lower(${usersTable.userName})`), asc(usersTable.id))
    .limit(options.limit)
    .offset(options.offset);
  // A page past the end has no rows to carry the total: count once more for it.
  if (rows.length === 0 && options.offset > 0) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(usersTable)
      .where(
        pattern
          ? or(
              ilike(usersTable.userName, pattern),
              ilike(usersTable.email, pattern),
              ilike(usersTable.phone, pattern),
              phoneDigitsMatch(usersTable.phone, options.q ?? ''),
            )
          : undefined,
      );
    return { accounts: [], total: counted?.total ?? 0 };
  }
  return {
    accounts: rows.map((row) => ({ ...toAccount(row.user), teams: row.teams })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The account a 'Forgot password?' request names, locked until the end of the transaction:
 * the one whose username it is (without regard to case), else the one account with that
 * email. An email that several accounts share names none (the username tells them apart).
 */
export async function lockAccountByNameOrEmail(
  tx: Database,
  userNameOrEmail: string,
): Promise<UserRow | undefined> {
  const [byName] = await tx
    .select()
    .from(usersTable)
    .where(eq(sql`lower(${usersTable.userName})`, sql`lower(${userNameOrEmail})`))
    .for('update');
  if (byName) return byName;
  const byEmail = await tx
    .select()
    .from(usersTable)
    .where(eq(sql`lower(${usersTable.email})`, sql`lower(${userNameOrEmail})`))
    .orderBy(asc(usersTable.id))
    .limit(2)
    .for('update');
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

/** The account, locked until the end of the transaction. */
export async function lockAccount(tx: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(usersTable).where(eq(usersTable.id, id)).for('update');
  return row;
}

/**
 * Locks every enabled Admin and answers their ids. Two Admins demoting each other at once
 * queue here: the second sees the first's change and finds only one Admin left.
 */
export async function lockActiveAdmins(tx: Database): Promise<number[]> {
  const rows = await tx
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(sql`'Admin' = ANY(${usersTable.roles})`, isNull(usersTable.disabledAt)))
    .orderBy(asc(usersTable.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setAccountRoles(tx: Database, id: number, roles: Role[]): Promise<UserRow> {
  const [row] = await tx.update(usersTable).set({ roles }).where(eq(usersTable.id, id)).returning();
  return row!;
}

export async function setAccountDisabled(
  tx: Database,
  id: number,
  disabledAt: Date | null,
): Promise<UserRow> {
  const [row] = await tx
    .update(usersTable)
    .set({ disabledAt })
    .where(eq(usersTable.id, id))
    .returning();
  return row!;
}

export async function setPasswordHash(
  tx: Database,
  id: number,
  passwordHash: string,
): Promise<void> {
  await tx.update(usersTable).set({ passwordHash }).where(eq(usersTable.id, id));
}

/** Ends every session of the account but the one this token hash names. */
export async function deleteOtherSessions(
  tx: Database,
  userId: number,
  keepTokenHash: string,
): Promise<void> {
  await tx
    .delete(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), ne(sessionsTable.tokenHash, keepTokenHash)));
}

/** Ends every session of these accounts at once. */
export async function deleteSessionsOf(tx: Database, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(sessionsTable).where(inArray(sessionsTable.userId, userIds));
}
