import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseCategory } from '../../../shared/expense-categories';
import { cents, fromCents, type Cents } from '../../../shared/money';
import type {
  ExpenseListParams,
  ExpenseSummary,
  ExpenseTotals,
} from '../../../shared/schemas/expenses';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { centsOf } from '../../db/columns';
import { readPage, sortOrder, textKey, totalColumn } from '../../http/paging';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import { propertiesTable } from '../properties';
import { containsPattern } from '../properties';
import { unitsTable } from '../units';
import { vendorsTable } from '../vendors';
import { expensesTable, type ExpenseRow } from './expenses.table';
import { countReceipts } from './receipts.repository';

const e = expensesTable;

const summaryColumns = {
  expense: e,
  propertyName: propertiesTable.name,
  unitNumber: unitsTable.unitNumber,
  vendorName: vendorsTable.name,
};
type SummaryRow = {
  expense: ExpenseRow;
  propertyName: string;
  unitNumber: string | null;
  vendorName: string | null;
};

function baseQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(e)
    .innerJoin(propertiesTable, sameOrganisation(propertiesTable, e.propertyId))
    .leftJoin(unitsTable, sameOrganisation(unitsTable, e.unitId))
    .leftJoin(vendorsTable, sameOrganisation(vendorsTable, e.vendorId));
}

/** The row the expense names, of the expense's own organisation (decision 0030). */
const sameOrganisation = (table: { id: PgColumn; organisationId: PgColumn }, reference: PgColumn) =>
  and(eq(table.id, reference), eq(table.organisationId, e.organisationId));

export function toSummary(row: SummaryRow, receiptCount: number): ExpenseSummary {
  const x = row.expense;
  return {
    id: x.id,
    propertyId: x.propertyId,
    propertyName: row.propertyName,
    unitId: x.unitId,
    unitNumber: row.unitNumber,
    vendorId: x.vendorId,
    vendorName: row.vendorName,
    category: x.category as ExpenseCategory,
    amount: fromCents(x.amount),
    expenseDate: x.expenseDate,
    paidOn: x.paidOn,
    dueDate: x.dueDate,
    status: x.paidOn === null ? 'unpaid' : 'paid',
    memo: x.memo,
    workOrderId: x.workOrderId,
    recurringExpenseId: x.recurringExpenseId,
    receiptCount,
  };
}

/** One expense of a property in the scope, with the names it shows. */
export async function findExpense(
  db: Database,
  scope: Scope,
  id: number,
  { lock = false } = {},
): Promise<SummaryRow | undefined> {
  const query = baseQuery(db)
    .where(and(inOrganisation(e.organisationId, scope), eq(e.id, id), propertiesInScope(scope)))
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update', { of: e }) : query);
  return row;
}

type ListFilters = Pick<
  ExpenseListParams,
  'propertyId' | 'vendorId' | 'category' | 'status' | 'from' | 'to' | 'q'
>;

function listFilter(scope: Scope, f: ListFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : undefined;
  return and(
    inOrganisation(e.organisationId, scope),
    propertiesInScope(scope),
    f.propertyId ? eq(e.propertyId, f.propertyId) : undefined,
    f.vendorId ? eq(e.vendorId, f.vendorId) : undefined,
    f.category ? eq(e.category, f.category) : undefined,
    f.status === 'paid'
      ? isNotNull(e.paidOn)
      : f.status === 'unpaid'
        ? isNull(e.paidOn)
        : undefined,
    f.from ? gte(e.expenseDate, f.from) : undefined,
    f.to ? lte(e.expenseDate, f.to) : undefined,
    pattern
      ? or(
          ilike(e.memo, pattern),
          ilike(vendorsTable.name, pattern),
          ilike(propertiesTable.name, pattern),
        )
      : undefined,
  );
}

const SORT_COLUMNS = {
  date: e.expenseDate,
  amount: e.amount,
  category: e.category,
  vendor: textKey(vendorsTable.name),
  property: textKey(propertiesTable.name),
};

export async function listExpenses(
  db: Database,
  scope: Scope,
  query: ExpenseListParams,
): Promise<{ rows: ExpenseSummary[]; total: number }> {
  const select = db
    .select({ ...summaryColumns, total: totalColumn() })
    .from(e)
    .innerJoin(propertiesTable, eq(propertiesTable.id, e.propertyId))
    .leftJoin(unitsTable, sameOrganisation(unitsTable, e.unitId))
    .leftJoin(vendorsTable, sameOrganisation(vendorsTable, e.vendorId))
    .where(listFilter(scope, query))
    .orderBy(...sortOrder(SORT_COLUMNS, query.sort, query.order, [desc(e.expenseDate), desc(e.id)]))
    .$dynamic();
  const { rows, total } = await readPage(select, query);
  const receipts = await countReceipts(
    db,
    rows.map((row) => row.expense),
  );
  return { rows: rows.map((row) => toSummary(row, receipts.get(row.expense.id) ?? 0)), total };
}

/** The sums of every expense that matches the filters (all pages), in exact cents. */
export async function totalExpenses(
  db: Database,
  scope: Scope,
  filters: ListFilters,
): Promise<ExpenseTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      total: centsOf(sql`sum(${e.amount})`),
      paid: centsOf(sql`sum(${e.amount}) filter (where ${e.paidOn} is not null)`),
    })
    .from(e)
    .innerJoin(propertiesTable, eq(propertiesTable.id, e.propertyId))
    .leftJoin(vendorsTable, sameOrganisation(vendorsTable, e.vendorId))
    .where(listFilter(scope, filters));
  const total = row?.total ?? cents(0);
  const paid = row?.paid ?? cents(0);
  return {
    count: row?.count ?? 0,
    total: fromCents(total),
    paid: fromCents(paid),
    unpaid: fromCents((total - paid) as Cents),
  };
}

/** A property's latest expenses, for its page. */
export async function listRecentExpenses(
  db: Database,
  property: { id: number; organisationId: number },
  limit: number,
): Promise<ExpenseSummary[]> {
  const rows = await baseQuery(db)
    .where(and(eq(e.organisationId, property.organisationId), eq(e.propertyId, property.id)))
    .orderBy(desc(e.expenseDate), desc(e.id))
    .limit(limit);
  const receipts = await countReceipts(
    db,
    rows.map((row) => row.expense),
  );
  return rows.map((row) => toSummary(row, receipts.get(row.expense.id) ?? 0));
}
