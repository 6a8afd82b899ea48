import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

/**
 * A user's choice of email per notification kind. No row means the default (email on); in
 * the app every notification is always shown.
 */
export const notificationPreferencesTable = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
