import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable } from 'drizzle-orm/pg-core';

/**
 * One counter for the whole public listing (GET /api/properties without mine): raised once
 * by every transaction that writes properties, units or an owner's public contact, at
 * commit (see the migration with its triggers). The public search caches its answers and
 * names them in ETags by this revision, so every server process on one database agrees on
 * when a cached answer is stale.
 */
export const publicListingRevisionTable = pgTable(
  'public_listing_revision',
  {
    // Always true: the table holds exactly one row.
    single: boolean('single').primaryKey().default(true),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    // The transaction that raised it last, so a transaction writing many rows raises it once.
    raisedBy: bigint('raised_by', { mode: 'number' }),
  },
  (table) => [check('public_listing_revision_single', sql`${table.single}`)],
);
