import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisationsTable } from '../organisations/organisations.table';
import { usersTable } from '../users/users.table';
import { createdAt } from '../../db/columns';

/** Server-side sessions. Only the SHA-256 of the cookie's token is stored. */
export const sessionsTable = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    /** The organisation this session acts for (one per request); null: none (a tenant). */
    organisationId: integer('organisation_id').references(() => organisationsTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
