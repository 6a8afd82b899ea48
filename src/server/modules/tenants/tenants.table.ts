import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { unitsTable } from '../units/units.table';
import { usersTable } from '../users/users.table';
import { createdAt, updatedAt } from '../../db/columns';
import { organisationOfParent } from '../organisations/organisations.table';

export const tenantsTable = pgTable(
  'tenants',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // A unit with tenants cannot be deleted: the API answers 409.
    unitId: integer('unit_id')
      .notNull()
      .references(() => unitsTable.id, { onDelete: 'restrict' }),
    unitNumber: text('unit_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    // Set when the tenant moves out: kept as the unit's history instead of being deleted.
    movedOutOn: date('moved_out_on', { mode: 'string' }),
    // The account that acts as this person (their portal): set only through a link the
    // landlord made (an invitation), never from a request body. Unique: one record each.
    userId: integer('user_id')
      .unique('tenants_user_id_key')
      .references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tenants_unit_id_idx').on(table.unitId),
    check('tenants_phone_length', sql`char_length(${table.phoneNumber}) BETWEEN 1 AND 15`),
  ],
);

export type TenantRow = typeof tenantsTable.$inferSelect;
