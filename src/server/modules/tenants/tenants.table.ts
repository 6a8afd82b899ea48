import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { unitsTable } from '../units/units.table';
import { createdAt, updatedAt } from '../../db/columns';

export const tenantsTable = pgTable(
  'tenants',
  {
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tenants_unit_id_idx').on(table.unitId),
    check('tenants_phone_length', sql`char_length(${table.phoneNumber}) BETWEEN 1 AND 15`),
  ],
);

export type TenantRow = typeof tenantsTable.$inferSelect;
