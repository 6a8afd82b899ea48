import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { EXPENSE_CATEGORY_VALUES } from '../../../shared/expense-categories';
import { propertiesTable } from '../properties/properties.table';
import { unitsTable } from '../units/units.table';
import { uploadsTable } from '../uploads/uploads.table';
import { usersTable } from '../users/users.table';
import { vendorsTable } from '../vendors/vendors.table';
import { workOrdersTable } from '../work-orders/work-orders.table';
import { organisationOfParent } from '../organisations/organisations.table';

const categoryList = sql.raw(EXPENSE_CATEGORY_VALUES.map((c) => `'${c}'`).join(', '));

/**
 * A recurring expense (insurance, HOA dues, mortgage interest): the jobs runner posts one
 * expense per period whose date falls in start..end, once (a unique key on the template and
 * the period).
 */
export const recurringExpensesTable = pgTable(
  'recurring_expenses',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'restrict' }),
    unitId: integer('unit_id').references(() => unitsTable.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id').references(() => vendorsTable.id, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    memo: text('memo'),
    /** monthly, quarterly or yearly. */
    frequency: text('frequency').notNull(),
    /** The first period's date; later periods fall on the same day (or the month's last). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** Posted as paid on its date (an autopay), or unpaid and due on its date. */
    autopay: text('autopay').notNull().default('paid'),
    createdByUserId: integer('created_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('recurring_expenses_property_idx').on(table.propertyId),
    check('recurring_expenses_category_known', sql`${table.category} IN (${categoryList})`),
    check(
      'recurring_expenses_frequency_known',
      sql`${table.frequency} IN ('monthly', 'quarterly', 'yearly')`,
    ),
    check('recurring_expenses_autopay_known', sql`${table.autopay} IN ('paid', 'unpaid')`),
    check('recurring_expenses_amount_positive', sql`${table.amount} > 0`),
    check(
      'recurring_expenses_end_after_start',
      sql`${table.endDate} IS NULL OR ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

/**
 * What a property cost: the landlord's side of the books (docs/product.md, the landlord's
 * books). Accrual reports count it on `expense_date` (when incurred); cash reports on
 * `paid_on` (null while unpaid, with `due_date` saying when it is owed).
 */
export const expensesTable = pgTable(
  'expenses',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'restrict' }),
    unitId: integer('unit_id').references(() => unitsTable.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id').references(() => vendorsTable.id, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    memo: text('memo'),
    /** The finished work order whose cost this is: one expense per work order, at most. */
    workOrderId: integer('work_order_id').references(() => workOrdersTable.id, {
      onDelete: 'restrict',
    }),
    /** The recurring expense that posted it, and for which period ('YYYY-MM'). */
    recurringExpenseId: integer('recurring_expense_id').references(
      () => recurringExpensesTable.id,
      { onDelete: 'restrict' },
    ),
    period: text('period'),
    createdByUserId: integer('created_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('expenses_property_date_idx').on(table.propertyId, table.expenseDate),
    index('expenses_property_paid_idx').on(table.propertyId, table.paidOn),
    index('expenses_vendor_idx').on(table.vendorId),
    uniqueIndex('expenses_work_order_once').on(table.workOrderId),
    uniqueIndex('expenses_recurring_once')
      .on(table.recurringExpenseId, table.period)
      .where(sql`${table.recurringExpenseId} is not null`),
    check('expenses_category_known', sql`${table.category} IN (${categoryList})`),
    check('expenses_amount_positive', sql`${table.amount} > 0`),
    check('expenses_memo_length', sql`char_length(${table.memo}) <= 500`),
  ],
);

/** A receipt attached to an expense: a stored upload (a photo or a PDF). */
export const expenseReceiptsTable = pgTable(
  'expense_receipts',
  {
    organisationId: organisationOfParent(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expensesTable.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploadsTable.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.uploadId] }),
    // A file is the receipt of one expense only.
    uniqueIndex('expense_receipts_upload_once').on(table.uploadId),
  ],
);

export type ExpenseRow = typeof expensesTable.$inferSelect;
export type RecurringExpenseRow = typeof recurringExpensesTable.$inferSelect;
