import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

export const MAIL_STATUSES = ['queued', 'sent', 'not_sent'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail the app meant to send, kept for the Admin's mail page: without SMTP it is the
 * preview of what would have gone out ('not_sent'), with SMTP the record of delivery. The
 * key is the mail's own (the same as its job's), unique, so a mail is recorded and sent once.
 * A mail that carries a one-time link keeps no body here (`text` null).
 */
export const outgoingMailTable = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The notification kind it carries; null for other mail (password reset, invitation). */
    kind: text('kind'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('outgoing_mail_created_idx').on(table.createdAt, table.id),
    check('outgoing_mail_status_known', sql`${table.status} in ('queued', 'sent', 'not_sent')`),
  ],
);

export type OutgoingMailRow = typeof outgoingMailTable.$inferSelect;
