import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { leasesTable } from '../leases/leases.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * A charge a lease pays every rent period besides its rent (parking, pet rent, ...), posted
 * with the rent by the same job for each period whose due date falls in start..end
 * (docs/decisions/0020). Once posted, a charge can be ended but not deleted: its ledger
 * entries name it.
 */
export const leaseRecurringChargesTable = pgTable(
  'lease_recurring_charges',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leasesTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    description: text('description'),
    amount: money('amount').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('lease_recurring_charges_lease_idx').on(table.leaseId),
    check(
      'lease_recurring_charges_kind_known',
      sql`${table.kind} IN ('parking', 'pet_rent', 'utilities', 'storage', 'other')`,
    ),
    check('lease_recurring_charges_amount_positive', sql`${table.amount} > 0`),
    check(
      'lease_recurring_charges_end_after_start',
      sql`${table.endDate} IS NULL OR ${table.endDate} >= ${table.startDate}`,
    ),
    check(
      'lease_recurring_charges_description_length',
      sql`char_length(${table.description}) <= 200`,
    ),
  ],
);

export type RecurringChargeRow = typeof leaseRecurringChargesTable.$inferSelect;
