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
import { unitsTable } from '../units/units.table';
import { createdAt, decimal, money, updatedAt } from '../../db/columns';
import { organisationOfParent } from '../organisations/organisations.table';

export const leasesTable = pgTable(
  'leases',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // A tenant's lease history is kept: a tenant with leases cannot be deleted (409).
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenantsTable.id, { onDelete: 'restrict' }),
    // The unit the lease lets: set when the lease is made and never changed (a trigger refuses
    // it), so a lease, its ledger and its dates stay on their unit whatever happens to the
    // tenant's record afterwards (docs/decisions/0014).
    unitId: integer('unit_id')
      .notNull()
      .references(() => unitsTable.id, { onDelete: 'restrict' }),
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
    // The late-fee rule (docs/decisions/0010): none when the kind is null.
    lateFeeKind: text('late_fee_kind'),
    lateFeeAmount: money('late_fee_amount'),
    lateFeePercent: decimal(5, 2)('late_fee_percent'),
    lateFeeGraceDays: integer('late_fee_grace_days'),
    lateFeeCap: money('late_fee_cap'),
    // The day the rule took effect: rent due before it is never charged a late fee.
    lateFeeSince: date('late_fee_since', { mode: 'string' }),
    // Rent due before this day is not charged here (null: from the start): a lease brought in
    // from earlier books, whose past rent was settled there (docs/decisions/0014).
    rentChargedFrom: date('rent_charged_from', { mode: 'string' }),
    // The day rent is due each month: 1-28, or 31 for the month's last day (clamped like any
    // day); null: the start date's day (docs/decisions/0020).
    rentDueDay: integer('rent_due_day'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('leases_tenant_id_idx').on(table.tenantId),
    index('leases_unit_id_start_date_idx').on(table.unitId, table.startDate),
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
    check(
      'leases_late_fee_rule',
      sql`(${table.lateFeeKind} IS NULL AND ${table.lateFeeAmount} IS NULL AND ${table.lateFeePercent} IS NULL AND ${table.lateFeeCap} IS NULL)
        OR (${table.lateFeeKind} = 'flat' AND ${table.lateFeeAmount} > 0 AND ${table.lateFeePercent} IS NULL)
        OR (${table.lateFeeKind} = 'percent' AND ${table.lateFeePercent} > 0 AND ${table.lateFeePercent} <= 100 AND ${table.lateFeeAmount} IS NULL)`,
    ),
    check(
      'leases_late_fee_grace',
      sql`${table.lateFeeGraceDays} IS NULL OR ${table.lateFeeGraceDays} BETWEEN 0 AND 60`,
    ),
    check(
      'leases_rent_due_day_known',
      sql`${table.rentDueDay} IS NULL OR ${table.rentDueDay} BETWEEN 1 AND 28 OR ${table.rentDueDay} = 31`,
    ),
    check(
      'leases_late_fee_cap_positive',
      sql`${table.lateFeeCap} IS NULL OR ${table.lateFeeCap} > 0`,
    ),
  ],
);

export type LeaseRow = typeof leasesTable.$inferSelect;
