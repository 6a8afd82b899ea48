import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { leasesTable } from '../leases/leases.table';
import { ledgerEntriesTable } from '../ledger/ledger.table';
import { usersTable } from '../users/users.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * The deposit register: money held for a tenant, a liability and never income, so it lives
 * apart from the ledger. Append-only (a trigger refuses edits): what is held is the sum of
 * received less everything paid out of it.
 */
export const depositTransactionsTable = pgTable(
  'deposit_transactions',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leasesTable.id, { onDelete: 'restrict' }),
    /** received, deducted, applied, returned. */
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    description: text('description'),
    /** The ledger credit that records a deduction or an application paid from the deposit. */
    ledgerEntryId: integer('ledger_entry_id').references(() => ledgerEntriesTable.id, {
      onDelete: 'restrict',
    }),
    createdByUserId: integer('created_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('deposit_transactions_lease_idx').on(table.leaseId, table.id),
    // Whether a ledger credit was paid from a deposit (the books, decision 0027).
    index('deposit_transactions_ledger_entry_idx')
      .on(table.ledgerEntryId)
      .where(sql`${table.ledgerEntryId} is not null`),
    check(
      'deposit_transactions_kind_known',
      sql`${table.kind} in ('received', 'deducted', 'applied', 'returned')`,
    ),
    check('deposit_transactions_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** The move-out settlement: one per lease (the primary key), so a second one is refused. */
export const depositSettlementsTable = pgTable(
  'deposit_settlements',
  {
    organisationId: organisationOfParent(),
    leaseId: integer('lease_id')
      .primaryKey()
      .references(() => leasesTable.id, { onDelete: 'restrict' }),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    deducted: money('deducted').notNull(),
    applied: money('applied').notNull(),
    returned: money('returned').notNull(),
    unpaidDeductions: money('unpaid_deductions').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'deposit_settlements_amounts_non_negative',
      sql`${table.deducted} >= 0 and ${table.applied} >= 0 and ${table.returned} >= 0 and ${table.unpaidDeductions} >= 0`,
    ),
  ],
);

export type DepositTransactionRow = typeof depositTransactionsTable.$inferSelect;
export type DepositSettlementRow = typeof depositSettlementsTable.$inferSelect;
