import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { propertiesTable } from '../properties/properties.table';
import { usersTable } from '../users/users.table';
import { createdAt, updatedAt } from '../../db/columns';
import { organisationOfParent } from '../organisations/organisations.table';

export const staffTable = pgTable(
  'staff',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // Staff are assigned to a property; the assignment ends with the property.
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    // The account that acts as this person (their portal): set only through a link the
    // landlord made (an invitation), never from a request body. Unique: one record each.
    userId: integer('user_id')
      .unique('staff_user_id_key')
      .references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('staff_property_id_idx').on(table.propertyId),
    check('staff_first_name_length', sql`char_length(${table.firstName}) BETWEEN 1 AND 50`),
    check('staff_last_name_length', sql`char_length(${table.lastName}) BETWEEN 1 AND 50`),
    check('staff_email_length', sql`char_length(${table.email}) BETWEEN 3 AND 100`),
    check('staff_phone_length', sql`char_length(${table.phone}) BETWEEN 1 AND 15`),
    check('staff_position_length', sql`char_length(${table.position}) BETWEEN 1 AND 50`),
  ],
);

export type StaffRow = typeof staffTable.$inferSelect;
