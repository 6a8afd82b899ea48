import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

/**
 * What a user is told in the app. Each row comes from one delivery job; its key is the
 * event's own, unique, so a retried or doubled delivery shows the notification once.
 */
export const notificationsTable = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('notifications_user_id_idx').on(table.userId, table.id)],
);

export type NotificationRow = typeof notificationsTable.$inferSelect;
