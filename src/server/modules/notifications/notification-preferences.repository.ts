import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usersTable } from '../users';
import { notificationPreferencesTable } from './notification-preferences.table';

/** The kinds whose email the user turned off or on, by kind (absent: the default, on). */
export async function readEmailChoices(
  db: Database,
  userId: number,
): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferencesTable.kind, email: notificationPreferencesTable.email })
    .from(notificationPreferencesTable)
    .where(eq(notificationPreferencesTable.userId, userId));
  return new Map(rows.map((row) => [row.kind, row.email]));
}

export async function saveEmailChoices(
  db: Database,
  userId: number,
  choices: { kind: string; email: boolean }[],
): Promise<void> {
  await db
    .insert(notificationPreferencesTable)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [notificationPreferencesTable.userId, notificationPreferencesTable.kind],
      set: { email: sql`excluded.email` },
    });
}

/**
 * Where a notification of `kind` may be emailed: the account's address when it has one, is
 * enabled and has not turned that kind's email off; otherwise null.
 */
export async function emailRecipient(
  db: Database,
  userId: number,
  kind: string,
): Promise<{ userName: string; email: string } | null> {
  const [row] = await db
    .select({
      userName: usersTable.userName,
      email: usersTable.email,
      disabledAt: usersTable.disabledAt,
      wanted: notificationPreferencesTable.email,
    })
    .from(usersTable)
    .leftJoin(
      notificationPreferencesTable,
      and(
        eq(notificationPreferencesTable.userId, usersTable.id),
        eq(notificationPreferencesTable.kind, kind),
      ),
    )
    .where(eq(usersTable.id, userId));
  if (!row?.email || row.disabledAt !== null || row.wanted === false) return null;
  return { userName: row.userName, email: row.email };
}
