import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { leasesTable } from '../leases/leases.table';
import { leaseRecurringChargesTable } from '../recurring-charges/recurring-charges.table';
import { usersTable } from '../users/users.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * A lease's ledger: append-only (no route updates or deletes a row). Exactly-once rules are
 * unique keys here, not flags in memory: one rent charge and one late fee per lease and
 * period, one payment per idempotency key, one reversal per entry.
 */
export const ledgerEntriesTable = pgTable(
  'ledger_entries',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leasesTable.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** Charges: rent, late_fee, fee, utilities, damages, other, and the recurring kinds. */
    category: text('category'),
    /** Payments: cash, check, bank_transfer, card, other. */
    method: text('method'),
    amount: money('amount').notNull(),
    /** Signed effect on the balance owed; the balance is the sum of these. */
    delta: money('delta').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    description: text('description'),
    reference: text('reference'),
    reversesId: integer('reverses_id')
      .unique()
      .references((): AnyPgColumn => ledgerEntriesTable.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' of the rent period, for rent and late fees. */
    period: text('period'),
    idempotencyKey: text('idempotency_key'),
    /** A recurring charge's posting for a period: the charge it comes from. */
    recurringChargeId: integer('recurring_charge_id').references(
      () => leaseRecurringChargesTable.id,
      { onDelete: 'restrict' },
    ),
    createdByUserId: integer('created_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_lease_idx').on(table.leaseId, table.id),
    // A lease's entries of a day or a range: the day's charges of what is overdue, statements.
    index('ledger_entries_lease_date_idx').on(table.leaseId, table.entryDate),
    // The reports read the first and last days of a range that cuts a month (decision 0027).
    index('ledger_entries_date_idx').on(table.entryDate),
    unique('ledger_entries_idempotency_key').on(table.leaseId, table.idempotencyKey),
    uniqueIndex('ledger_entries_rent_once')
      .on(table.leaseId, table.period)
      .where(sql`${table.category} = 'rent'`),
    uniqueIndex('ledger_entries_late_fee_once')
      .on(table.leaseId, table.period)
      .where(sql`${table.category} = 'late_fee'`),
    uniqueIndex('ledger_entries_recurring_once')
      .on(table.recurringChargeId, table.period)
      .where(sql`${table.recurringChargeId} is not null`),
    check(
      'ledger_entries_kind_known',
      sql`${table.kind} in ('charge', 'payment', 'credit', 'reversal')`,
    ),
    check('ledger_entries_amount_positive', sql`${table.amount} > 0`),
    check('ledger_entries_delta_is_amount', sql`abs(${table.delta}) = ${table.amount}`),
    check(
      'ledger_entries_reversal_names_entry',
      sql`(${table.kind} = 'reversal') = (${table.reversesId} is not null)`,
    ),
  ],
);

export type LedgerEntryRow = typeof ledgerEntriesTable.$inferSelect;
