import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters for rate limits, kept in the database so that every server process sees the
 * same count (a second process must not reset an attacker's budget).
 */
export const rateLimitsTable = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
});
