import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';
import { leasesTable } from '../leases/leases.table';
import { organisationOfTotals } from '../organisations/organisations.table';
import { ledgerEntriesTable } from './ledger.table';

/**
 * The money screens' figures summed ahead of time (decision 0031), as the books' totals are
 * (decision 0027): a database trigger on the ledger keeps both tables in the writer's
 * transaction (drizzle/0036_ledger_totals.sql), so no code path can forget them, and a view
 * beside each recomputes it from the ledger for the tests.
 */

/**
 * A lease's ledger at a glance: its balance (the sum of every entry's delta, whatever its
 * date), the day of its latest entry, and its last standing payment (the latest by date, then
 * posting order, that no reversal undoes). A lease with no entries has no row.
 */
export const leaseBalancesTable = pgTable(
  'lease_balances',
  {
    leaseId: integer('lease_id')
      .primaryKey()
      .references(() => leasesTable.id, { onDelete: 'cascade' }),
    organisationId: organisationOfTotals(),
    balance: money('balance').notNull(),
    lastEntryDate: date('last_entry_date', { mode: 'string' }).notNull(),
    lastPaymentId: integer('last_payment_id').references(() => ledgerEntriesTable.id),
  },
  // An organisation's balances, without reading its neighbours' (decision 0033). Not the
  // balance itself: it changes with every entry, and an index on it would make each of those
  // updates write the index too.
  (table) => [index('lease_balances_organisation_idx').on(table.organisationId)],
);

/**
 * A property's month of rent and money received, as the money summary counts them: rent
 * expected (the rent charges dated in the month that no reversal undoes, whenever it came)
 * and collected (payments dated in the month, less reversals of payments dated in it).
 */
export const moneyMonthTotalsTable = pgTable(
  'money_month_totals',
  {
    organisationId: organisationOfTotals(),
    propertyId: integer('property_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    expected: money('expected').notNull(),
    collected: money('collected').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.month] }),
    // An organisation's months, without reading its neighbours' (decision 0033).
    index('money_month_totals_organisation_month_idx').on(table.organisationId, table.month),
  ],
);

/**
 * A lease's balance at the end of each day it changed: the sum of the deltas of its entries
 * that count by then, a reversal counting on the later of its own day and its entry's (so a
 * day's balance is what its standing charges exceed its standing payments and credits by).
 * The open charges on a past day read it to skip the leases that owed nothing that day.
 */
export const leaseDayBalancesTable = pgTable(
  'lease_day_balances',
  {
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leasesTable.id, { onDelete: 'cascade' }),
    organisationId: organisationOfTotals(),
    day: date('day', { mode: 'string' }).notNull(),
    balance: money('balance').notNull(),
  },
  (table) => [primaryKey({ columns: [table.leaseId, table.day] })],
);
