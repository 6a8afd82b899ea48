import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { organisationsTable } from '../organisations/organisations.table';

/**
 * A payee of a landlord's: a plumber's firm, the insurer, the county. Not a login: staff are
 * the landlord's own workers, vendors are paid from outside. The tax id is stored for the
 * 1099 and shown masked, to managers only.
 */
export const vendorsTable = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisationsTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    trade: text('trade'),
    taxId: text('tax_id'),
    receives1099: boolean('receives_1099').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('vendors_organisation_idx').on(table.organisationId, table.name),
    check('vendors_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 120`),
  ],
);

export type VendorRow = typeof vendorsTable.$inferSelect;
