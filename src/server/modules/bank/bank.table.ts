import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CsvMapping } from '../../../shared/schemas/bank';
import { createdAt, money, updatedAt } from '../../db/columns';
import { expensesTable } from '../expenses/expenses.table';
import { ledgerEntriesTable } from '../ledger/ledger.table';
import { organisationOfParent, organisationsTable } from '../organisations/organisations.table';
import { usersTable } from '../users/users.table';

/**
 * A landlord's bank account: its statements are imported line by line and matched to the
 * books. The CSV mapping is remembered so the next statement of the same bank reads alike.
 */
export const bankAccountsTable = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisationsTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    last4: text('last4'),
    /** The balance on the opening date: reconciliation counts lines from that day on. */
    openingBalance: money('opening_balance').notNull(),
    openingDate: date('opening_date', { mode: 'string' }).notNull(),
    csvMapping: jsonb('csv_mapping').$type<CsvMapping>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bank_accounts_organisation_idx').on(table.organisationId, table.name),
    check('bank_accounts_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 120`),
    check(
      'bank_accounts_last4_digits',
      sql`${table.last4} IS NULL OR ${table.last4} ~ '^[0-9]{4}$'`,
    ),
  ],
);

/**
 * One line of a bank statement, signed (a deposit is positive). `line_key` is the bank's own id
 * (OFX FITID) or a fingerprint of a CSV line: unique per account, so importing the same
 * statement twice adds nothing. A line is matched to at most one payment or one expense, and
 * each of those to at most one line (the unique indexes).
 */
export const bankLinesTable = pgTable(
  'bank_lines',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => bankAccountsTable.id, { onDelete: 'restrict' }),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    /** The running balance the bank printed after this line, when the file has one. */
    balance: money('balance'),
    lineKey: text('line_key').notNull(),
    ledgerEntryId: integer('ledger_entry_id').references(() => ledgerEntriesTable.id, {
      onDelete: 'restrict',
    }),
    expenseId: integer('expense_id').references(() => expensesTable.id, {
      onDelete: 'restrict',
    }),
    matchedAt: timestamp('matched_at', { withTimezone: true, mode: 'date' }),
    matchedByUserId: integer('matched_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bank_lines_key_once').on(table.accountId, table.lineKey),
    index('bank_lines_account_date_idx').on(table.accountId, table.postedOn),
    uniqueIndex('bank_lines_payment_once')
      .on(table.ledgerEntryId)
      .where(sql`${table.ledgerEntryId} is not null`),
    uniqueIndex('bank_lines_expense_once')
      .on(table.expenseId)
      .where(sql`${table.expenseId} is not null`),
    check('bank_lines_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'bank_lines_one_match',
      sql`${table.ledgerEntryId} IS NULL OR ${table.expenseId} IS NULL`,
    ),
  ],
);

/** A suggestion the landlord turned down: never suggested for that line again. */
export const bankLineRejectionsTable = pgTable(
  'bank_line_rejections',
  {
    organisationId: organisationOfParent(),
    lineId: integer('line_id')
      .notNull()
      .references(() => bankLinesTable.id, { onDelete: 'cascade' }),
    /** payment or expense. */
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.lineId, table.kind, table.recordId] }),
    check('bank_line_rejections_kind_known', sql`${table.kind} IN ('payment', 'expense')`),
  ],
);

/**
 * The balance a statement says the account closed a month with: from an OFX file's ledger
 * balance, a CSV file's balance column, or typed by the landlord. One per account and month.
 */
export const bankBalancesTable = pgTable(
  'bank_balances',
  {
    organisationId: organisationOfParent(),
    accountId: integer('account_id')
      .notNull()
      .references(() => bankAccountsTable.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    closingBalance: money('closing_balance').notNull(),
    /** The day the balance was struck (the month's last line, or the OFX DTASOF). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** ofx, csv or typed. */
    source: text('source').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.month] }),
    check('bank_balances_source_known', sql`${table.source} IN ('ofx', 'csv', 'typed')`),
  ],
);

export type BankAccountRow = typeof bankAccountsTable.$inferSelect;
export type BankLineRow = typeof bankLinesTable.$inferSelect;
export type BankBalanceRow = typeof bankBalancesTable.$inferSelect;
