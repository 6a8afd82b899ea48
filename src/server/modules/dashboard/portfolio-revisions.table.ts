import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { organisationsTable } from '../organisations/organisations.table';

/**
 * A counter per landlord, raised by database triggers on every write that changes what
 * their dashboard shows (properties, units, staff, tenants, leases, applications, their own
 * contact). The dashboard's ETag carries it, so a repeated view is answered 304 without
 * being computed, and every server process on one database agrees.
 */
export const portfolioRevisionsTable = pgTable('portfolio_revisions', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisationsTable.id, { onDelete: 'cascade' }),
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});
