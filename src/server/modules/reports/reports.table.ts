import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';

/**
 * The books summed ahead of time (decision 0027): per property, month, basis, side and
 * category (and vendor, for expenses), what the reports would sum from the ledger, the
 * expenses and the deposit register for that month. Database triggers keep it in the same
 * transaction as every write to those tables (drizzle/0031_books_month_totals.sql), so no
 * code path can forget it. `entries` counts the rows summed: a total of no rows is deleted,
 * so a category shows in a report exactly when something was recorded under it.
 */
export const booksMonthTotalsTable = pgTable(
  'books_month_totals',
  {
    propertyId: integer('property_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** cash or accrual. */
    basis: text('basis').notNull(),
    /** income, expense or deposit (money received and returned, for the cash flow). */
    side: text('side').notNull(),
    category: text('category').notNull(),
    /** Expenses only: who was paid. */
    vendorId: integer('vendor_id'),
    amount: money('amount').notNull(),
    entries: integer('entries').notNull(),
  },
  (table) => [
    uniqueIndex('books_month_totals_key').on(
      table.propertyId,
      table.basis,
      table.month,
      table.side,
      table.category,
      sql`coalesce(${table.vendorId}, 0)`,
    ),
    // Almost always empty: the totals of no rows, deleted after each change.
    index('books_month_totals_empty')
      .on(table.propertyId)
      .where(sql`${table.entries} = 0`),
    check('books_month_totals_basis_known', sql`${table.basis} in ('cash', 'accrual')`),
    check('books_month_totals_side_known', sql`${table.side} in ('income', 'expense', 'deposit')`),
  ],
);
