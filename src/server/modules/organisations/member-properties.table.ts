import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { propertiesTable } from '../properties/properties.table';
import { organisationMembersTable, organisationOfParent } from './organisations.table';

/** The properties a limited member may act on. */
export const memberPropertiesTable = pgTable(
  'member_properties',
  {
    organisationId: organisationOfParent('cascade'),
    memberId: integer('member_id')
      .notNull()
      .references(() => organisationMembersTable.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.propertyId] }),
    index('member_properties_property_idx').on(table.propertyId),
  ],
);
