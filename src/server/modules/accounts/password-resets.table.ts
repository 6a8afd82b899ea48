import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

/**
 * One-time password-reset links, issued by an Admin (created_by_id) or mailed to the account
 * on request ('Forgot password?', no creator). Only the SHA-256 of the code is stored, so a
 * copy of the database cannot be turned into working links.
 */
export const passwordResetsTable = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdById: integer('created_by_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);

export type PasswordResetRow = typeof passwordResetsTable.$inferSelect;
