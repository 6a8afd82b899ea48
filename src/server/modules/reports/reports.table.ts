import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';
import { organisationOfTotals } from '../organisations/organisations.table';

/**
 * The books summed ahead of time (decision 0027), at three levels: what the reports would sum
 * from the ledger, the expenses and the deposit register, per basis, side and category. Database
 * triggers keep all three in the same transaction as every write to those tables
 * (drizzle/0031_books_totals.sql), so no code path can forget them. `entries` counts the rows
 * summed: a total of no rows is deleted, so a category shows in a report exactly when
 * something was recorded under it.
 */
const totals = {
  basis: text('basis').notNull(),
  /** income, expense or deposit (money received and returned, for the cash flow). */
  side: text('side').notNull(),
  category: text('category').notNull(),
  amount: money('amount').notNull(),
  entries: integer('entries').notNull(),
};

const knownValues = (basis: unknown, side: unknown) => [
  sql`${basis} in ('cash', 'accrual')`,
  sql`${side} in ('income', 'expense', 'deposit')`,
];

/** A property's month: the months a report reads whole for some properties. */
export const booksMonthTotalsTable = pgTable(
  'books_month_totals',
  {
    organisationId: organisationOfTotals(),
    propertyId: integer('property_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    ...totals,
    /** Expenses only: who was paid. */
    vendorId: integer('vendor_id'),
  },
  (table) => {
    const [basis, side] = knownValues(table.basis, table.side);
    return [
      uniqueIndex('books_month_totals_key').on(
        table.propertyId,
        table.basis,
        table.month,
        table.side,
        table.category,
        sql`coalesce(${table.vendorId}, 0)`,
      ),
      // A month of all of a landlord's properties (the key above serves a few properties).
      index('books_month_totals_month').on(table.basis, table.month),
      // Almost always empty: the totals of no rows, deleted after each change.
      index('books_month_totals_empty')
        .on(table.propertyId)
        .where(sql`${table.entries} = 0`),
      check('books_month_totals_basis_known', basis!),
      check('books_month_totals_side_known', side!),
    ];
  },
);

/** A property's year: each property's figures over a range of whole years. */
export const booksYearTotalsTable = pgTable(
  'books_year_totals',
  {
    organisationId: organisationOfTotals(),
    propertyId: integer('property_id').notNull(),
    /** January 1. */
    year: date('year', { mode: 'string' }).notNull(),
    ...totals,
  },
  (table) => {
    const [basis, side] = knownValues(table.basis, table.side);
    return [
      uniqueIndex('books_year_totals_key').on(
        table.propertyId,
        table.basis,
        table.year,
        table.side,
        table.category,
      ),
      index('books_year_totals_year').on(table.basis, table.year),
      index('books_year_totals_empty')
        .on(table.propertyId)
        .where(sql`${table.entries} = 0`),
      check('books_year_totals_basis_known', basis!),
      check('books_year_totals_side_known', side!),
    ];
  },
);

/** A landlord's month, all their properties together: the lines of a whole portfolio. */
export const booksOwnerMonthTotalsTable = pgTable(
  'books_owner_month_totals',
  {
    organisationId: integer('organisation_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...totals,
    vendorId: integer('vendor_id'),
  },
  (table) => {
    const [basis, side] = knownValues(table.basis, table.side);
    return [
      uniqueIndex('books_owner_month_totals_key').on(
        table.organisationId,
        table.basis,
        table.month,
        table.side,
        table.category,
        sql`coalesce(${table.vendorId}, 0)`,
      ),
      index('books_owner_month_totals_empty')
        .on(table.organisationId)
        .where(sql`${table.entries} = 0`),
      check('books_owner_month_totals_basis_known', basis!),
      check('books_owner_month_totals_side_known', side!),
    ];
  },
);
