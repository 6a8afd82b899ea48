import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { unitsTable } from '../units/units.table';
import { tenantsTable } from '../tenants/tenants.table';
import { createdAt, money, updatedAt } from '../../db/columns';
import { organisationOfParent } from '../organisations/organisations.table';

/** A visitor's request to rent a unit, reviewed by the unit's landlord. */
export const applicationsTable = pgTable(
  'rental_applications',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // Applications belong to their unit and go with it.
    unitId: integer('unit_id')
      .notNull()
      .references(() => unitsTable.id, { onDelete: 'cascade' }),
    unitNumber: text('unit_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    moveInDate: date('move_in_date', { mode: 'string' }),
    message: text('message'),
    // What landlords screen on (docs/product.md section 10). Null: not asked (an application
    // sent through the spec's POST /api/tenants, or before these were asked).
    monthlyIncome: money('monthly_income'),
    employer: text('employer'),
    currentAddress: text('current_address'),
    currentLandlordName: text('current_landlord_name'),
    currentLandlordPhone: text('current_landlord_phone'),
    hasPets: boolean('has_pets'),
    petsDescription: text('pets_description'),
    /** The applicant agreed to a background check ('Rent This Unit' requires it). */
    backgroundCheckConsent: boolean('background_check_consent').notNull().default(false),
    status: text('status').notNull().default('Pending'),
    // The tenant an approval created; kept as history if that tenant is later removed.
    tenantId: integer('tenant_id').references(() => tenantsTable.id, { onDelete: 'set null' }),
    // Why a rejection happened when the landlord did not decide it alone ('unit taken').
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('rental_applications_unit_id_idx').on(table.unitId),
    index('rental_applications_tenant_id_idx').on(table.tenantId),
    index('rental_applications_status_idx').on(table.status),
    check(
      'rental_applications_status_known',
      sql`${table.status} IN ('Pending','Approved','Rejected')`,
    ),
    check(
      'rental_applications_phone_length',
      sql`char_length(${table.phoneNumber}) BETWEEN 1 AND 15`,
    ),
    check('rental_applications_message_length', sql`char_length(${table.message}) <= 2000`),
    check(
      'rental_applications_screening_length',
      sql`char_length(${table.employer}) <= 100 AND char_length(${table.currentAddress}) <= 200
        AND char_length(${table.currentLandlordName}) <= 100
        AND char_length(${table.currentLandlordPhone}) <= 15
        AND char_length(${table.petsDescription}) <= 500`,
    ),
    check('rental_applications_income_not_negative', sql`${table.monthlyIncome} >= 0`),
  ],
);

export type ApplicationRow = typeof applicationsTable.$inferSelect;
