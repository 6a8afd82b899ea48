import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usersTable, type UserRow } from '../users';
import { passwordResetsTable, type PasswordResetRow } from './password-resets.table';

export async function insertPasswordReset(
  tx: Database,
  values: {
    userId: number;
    codeHash: string;
    /** The Admin who issued it; null when the account's owner asked for it by email. */
    createdById: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<PasswordResetRow> {
  const [row] = await tx.insert(passwordResetsTable).values(values).returning();
  return row!;
}

/** A new link replaces any the account had that were not used yet. */
export async function deleteUnusedPasswordResets(tx: Database, userId: number): Promise<void> {
  await tx
    .delete(passwordResetsTable)
    .where(and(eq(passwordResetsTable.userId, userId), isNull(passwordResetsTable.usedAt)));
}

export async function findPasswordReset(
  db: Database,
  codeHash: string,
  options: { lock?: boolean } = {},
): Promise<{ reset: PasswordResetRow; user: UserRow } | undefined> {
  const query = db
    .select({ reset: passwordResetsTable, user: usersTable })
    .from(passwordResetsTable)
    .innerJoin(usersTable, eq(usersTable.id, passwordResetsTable.userId))
    .where(eq(passwordResetsTable.codeHash, codeHash))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: passwordResetsTable }) : await query;
  return row;
}

export async function markPasswordResetUsed(tx: Database, id: number, usedAt: Date): Promise<void> {
  await tx.update(passwordResetsTable).set({ usedAt }).where(eq(passwordResetsTable.id, id));
}
