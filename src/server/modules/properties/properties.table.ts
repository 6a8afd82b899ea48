import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organisationsTable } from '../organisations/organisations.table';
import { usersTable } from '../users/users.table';
import { createdAt, updatedAt } from '../../db/columns';

export const propertiesTable = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    // A landlord account with properties cannot be deleted by accident.
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'restrict' }),
    /** Whose portfolio it is (decision 0029): every member's scope starts here. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisationsTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('properties_user_id_idx').on(table.userId),
    index('properties_organisation_idx').on(table.organisationId),
    check('properties_state_code', sql`${table.state} ~ '^[A-Z]{2}$'`),
    check('properties_zip_code', sql`${table.zipCode} ~ '^[0-9]{5}(-[0-9]{4})?$'`),
    check('properties_image_url_http', sql`${table.imageUrl} ~* '^https?://'`),
  ],
);

export type PropertyRow = typeof propertiesTable.$inferSelect;
