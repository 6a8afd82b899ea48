import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantsTable } from '../tenants/tenants.table';
import { createdAt, money, updatedAt } from '../../db/columns';

export const leasesTable = pgTable(
  'leases',
  {
    id: serial('id').primaryKey(),
    // A tenant's lease history is kept: a tenant with leases cannot be deleted (409).
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenantsTable.id, { onDelete: 'restrict' }),
    unitNumber: text('unit_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    rent: money('rent').notNull(),
    deposit: money('deposit').notNull(),
    status: text('status').notNull().default('Active'),
    // A move-out before the end date: the day the lease really ended, and why.
    endedOn: date('ended_on', { mode: 'string' }),
    endReason: text('end_reason'),
    // The lease this one renews; unique, so a lease is renewed at most once.
    renewedFromId: integer('renewed_from_id').references((): AnyPgColumn => leasesTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('leases_tenant_id_idx').on(table.tenantId),
    index('leases_status_end_date_idx').on(table.status, table.endDate),
    check('leases_end_after_start', sql`${table.endDate} >= ${table.startDate}`),
    check('leases_rent_non_negative', sql`${table.rent} >= 0`),
    check('leases_deposit_non_negative', sql`${table.deposit} >= 0`),
    uniqueIndex('leases_renewed_from_id_key').on(table.renewedFromId),
    check(
      'leases_ended_within',
      sql`${table.endedOn} IS NULL OR ${table.endedOn} >= ${table.startDate}`,
    ),
    check('leases_end_reason_length', sql`char_length(${table.endReason}) <= 500`),
    check('leases_status_known', sql`${table.status} IN ('Active','Terminated','Expired')`),
  ],
);

export type LeaseRow = typeof leasesTable.$inferSelect;
