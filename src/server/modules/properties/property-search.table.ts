import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organisationOfTotals } from '../organisations/organisations.table';
import { propertiesTable } from './properties.table';

/**
 * The text the public search looks in, one row per property: its own fields, its owner's
 * public contact and its units' fields, in lower case, separated by a character a search
 * never contains.
 * Kept current by database triggers on properties, units and users (so every write path
 * maintains it) and indexed with trigrams, so a search costs what it matches. See the
 * migration that creates the triggers.
 */
export const propertySearchTable = pgTable('property_search', {
  organisationId: organisationOfTotals(),
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => propertiesTable.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
});
