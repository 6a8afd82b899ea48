import { and, eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import type {
  CreateExpenseBody,
  Expense,
  ExpenseListParams,
  ExpenseSummary,
  ExpenseTotals,
  UpdateExpenseBody,
} from '../../../shared/schemas/expenses';
import { MAX_RECEIPTS } from '../../../shared/schemas/expenses';
import { actingUser, type Context } from '../../context';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { requireManagedProperty, scopeFor } from '../authz';
import type { PropertyRow } from '../properties';
import { unitsTable } from '../units';
import { deleteUploadRow, findOwnUpload } from '../uploads';
import { requireVendor } from '../vendors';
import { vendorsTable } from '../vendors';
import { workOrderPhotosTable, workOrdersTable } from '../work-orders';
import * as repository from './expenses.repository';
import { expensesTable, type ExpenseRow } from './expenses.table';
import * as receipts from './receipts.repository';

const NOT_FOUND = () => notFound('expenses.not_found', 'Expense not found');

/** Refused links between records: the request is understood, its records do not fit. */
const unprocessable = (code: string, message: string, field: string) =>
  new AppError(422, code, message, { [field]: [message] });

/** What a new expense is made of: the API's body, or a job's or a work order's. */
export type NewExpense = Omit<CreateExpenseBody, 'receiptUploadIds'> & {
  receiptUploadIds?: readonly number[];
  workOrderId?: number | null;
  recurringExpenseId?: number | null;
  period?: string | null;
};

/** An expense's own row, found by its organisation first (decision 0030). */
function thisExpense({ id, organisationId }: Pick<ExpenseRow, 'id' | 'organisationId'>) {
  return and(eq(expensesTable.organisationId, organisationId), eq(expensesTable.id, id));
}

async function requireExpenseRow(ctx: Context, id: number, lock = false) {
  const found = await repository.findExpense(ctx.tx, scopeFor(ctx.actor), id, { lock });
  if (!found) throw NOT_FOUND();
  return found;
}

/**
 * The property must be the caller's; the unit must be one of that property's, and the vendor
 * one of the property's landlord's (else 422, and nothing is written).
 */
export async function checkLinks(
  ctx: Context,
  links: { propertyId: number; unitId: number | null; vendorId: number | null },
): Promise<PropertyRow> {
  const property = await requireManagedProperty(ctx.tx, ctx.actor, links.propertyId);
  if (links.unitId !== null) {
    const [unit] = await ctx.tx
      .select({ propertyId: unitsTable.propertyId })
      .from(unitsTable)
      .where(
        and(
          eq(unitsTable.organisationId, property.organisationId),
          eq(unitsTable.id, links.unitId),
        ),
      )
      .limit(1);
    if (unit?.propertyId !== property.id) {
      throw unprocessable(
        'expenses.unit_not_of_property',
        'The unit is not one of this property\u2019s',
        'unitId',
      );
    }
  }
  if (links.vendorId !== null) {
    const [vendor] = await ctx.tx
      .select({ organisationId: vendorsTable.organisationId })
      .from(vendorsTable)
      .where(
        and(
          eq(vendorsTable.organisationId, property.organisationId),
          eq(vendorsTable.id, links.vendorId),
        ),
      )
      .limit(1);
    if (vendor?.organisationId !== property.organisationId) {
      throw unprocessable(
        'expenses.vendor_not_of_landlord',
        'The vendor is not one of this property\u2019s landlord\u2019s',
        'vendorId',
      );
    }
  }
  return property;
}

/**
 * Files the caller sent become the expense's receipts: each their own, a photo or a PDF,
 * on no work order and no other expense (a file is one record's).
 */
async function attachReceipts(
  ctx: Context,
  expense: ExpenseRow,
  uploadIds: readonly number[],
): Promise<void> {
  if (uploadIds.length === 0) return;
  const expenseId = expense.id;
  const user = actingUser(ctx);
  const existing = await receipts.listReceipts(ctx.tx, expense);
  if (existing.length + uploadIds.length > MAX_RECEIPTS) {
    throw conflict(
      'expenses.too_many_receipts',
      `An expense can keep at most ${MAX_RECEIPTS} receipts`,
    );
  }
  for (const uploadId of uploadIds) {
    const upload = await findOwnUpload(ctx.tx, user.id, uploadId);
    if (!upload) {
      throw badRequest(
        'expenses.receipt_not_found',
        'One of the receipts was not found',
        'receiptUploadIds',
      );
    }
    const [photo] = await ctx.tx
      .select({ id: workOrderPhotosTable.id })
      .from(workOrderPhotosTable)
      .where(eq(workOrderPhotosTable.uploadId, uploadId))
      .limit(1);
    if (photo || (await receipts.isReceipt(ctx.tx, uploadId))) {
      throw conflict(
        'expenses.receipt_in_use',
        'This file already belongs to a work order or another expense',
      );
    }
  }
  await receipts.insertReceipts(ctx.tx, expenseId, uploadIds, ctx.now);
  for (const uploadId of uploadIds) {
    await recordEvent(ctx, {
      entityType: 'expenses',
      entityId: expenseId,
      action: 'expense.receipt_add',
      after: { uploadId },
    });
  }
}

/**
 * Records what a property cost, with its receipts, and returns the new row. The one insert
 * behind the form, the recurring-expense job, a finished work order and a bank withdrawal.
 */
export async function createExpense(ctx: Context, input: NewExpense): Promise<ExpenseRow> {
  const unitId = input.unitId ?? null;
  const vendorId = input.vendorId ?? null;
  await checkLinks(ctx, { propertyId: input.propertyId, unitId, vendorId });
  const [row] = await ctx.tx
    .insert(expensesTable)
    .values({
      propertyId: input.propertyId,
      unitId,
      vendorId,
      category: input.category,
      amount: toCents(input.amount),
      expenseDate: input.expenseDate,
      paidOn: input.paidOn ?? null,
      dueDate: input.dueDate ?? null,
      memo: input.memo ?? null,
      workOrderId: input.workOrderId ?? null,
      recurringExpenseId: input.recurringExpenseId ?? null,
      period: input.period ?? null,
      createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.user.id : null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  const action = input.recurringExpenseId ? 'expense.recurring' : 'create';
  await recordEvent(ctx, {
    entityType: 'expenses',
    entityId: row!.id,
    action,
    after: row,
  });
  await attachReceipts(ctx, row!, input.receiptUploadIds ?? []);
  return row!;
}

/** An expense with its names and receipts, as GET /api/expenses/{id} answers it. */
export async function readExpense(ctx: Context, id: number): Promise<Expense> {
  const found = await requireExpenseRow(ctx, id);
  const files = await receipts.listReceipts(ctx.tx, found.expense);
  let workOrderTitle: string | null = null;
  if (found.expense.workOrderId !== null) {
    const [order] = await ctx.tx
      .select({ title: workOrdersTable.title })
      .from(workOrdersTable)
      .where(
        and(
          eq(workOrdersTable.organisationId, found.expense.organisationId),
          eq(workOrdersTable.id, found.expense.workOrderId),
        ),
      )
      .limit(1);
    workOrderTitle = order?.title ?? null;
  }
  return {
    ...repository.toSummary(found, files.length),
    period: found.expense.period,
    workOrderTitle,
    receipts: files.map(receipts.toReceipt),
    createdAt: found.expense.createdAt.toISOString(),
  };
}

/** POST /api/expenses: the created expense as the API shows it. */
export async function addExpense(ctx: Context, body: CreateExpenseBody): Promise<Expense> {
  const row = await createExpense(ctx, body);
  return readExpense(ctx, row.id);
}

export async function listExpenses(
  ctx: Context,
  query: ExpenseListParams,
): Promise<{ rows: ExpenseSummary[]; total: number; totals: ExpenseTotals }> {
  // A filter naming another landlord's property or vendor answers 404, as reading it would.
  if (query.propertyId) await requireManagedProperty(ctx.tx, ctx.actor, query.propertyId);
  if (query.vendorId) await requireVendor(ctx, query.vendorId);
  const scope = scopeFor(ctx.actor);
  const page = await repository.listExpenses(ctx.tx, scope, query);
  return { ...page, totals: await repository.totalExpenses(ctx.tx, scope, query) };
}

/** The latest expenses of a property the caller manages. */
export async function listPropertyExpenses(
  ctx: Context,
  propertyId: number,
): Promise<ExpenseSummary[]> {
  const property = await requireManagedProperty(ctx.tx, ctx.actor, propertyId);
  return repository.listRecentExpenses(ctx.tx, property, 5);
}

export async function updateExpense(
  ctx: Context,
  { id, body }: { id: number; body: UpdateExpenseBody },
): Promise<Expense> {
  const { expense: before } = await requireExpenseRow(ctx, id, true);
  const propertyId = body.propertyId ?? before.propertyId;
  const unitId = body.unitId !== undefined ? body.unitId : before.unitId;
  const vendorId = body.vendorId !== undefined ? body.vendorId : before.vendorId;
  if (
    before.workOrderId !== null &&
    (propertyId !== before.propertyId || unitId !== before.unitId)
  ) {
    throw conflict(
      'expenses.work_order_place',
      'The cost of a work order stays with its unit and property',
    );
  }
  await checkLinks(ctx, { propertyId, unitId, vendorId });
  const changes: Partial<ExpenseRow> = { propertyId, unitId, vendorId, updatedAt: ctx.now };
  if (body.category !== undefined) changes.category = body.category;
  if (body.amount !== undefined) changes.amount = toCents(body.amount);
  if (body.expenseDate !== undefined) changes.expenseDate = body.expenseDate;
  if (body.paidOn !== undefined) changes.paidOn = body.paidOn;
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  if (body.memo !== undefined) changes.memo = body.memo;
  const [after] = await ctx.tx
    .update(expensesTable)
    .set(changes)
    .where(thisExpense(before))
    .returning();
  await recordEvent(ctx, { entityType: 'expenses', entityId: id, action: 'update', before, after });
  return readExpense(ctx, id);
}

/**
 * Marks an unpaid expense paid on a date (the bank statement's, or the landlord's). Paying it
 * again on the same date changes nothing; on another date is a conflict (409).
 */
export async function markExpensePaid(
  ctx: Context,
  id: number,
  paidOn: string,
): Promise<ExpenseRow> {
  const { expense: before } = await requireExpenseRow(ctx, id, true);
  if (before.paidOn === paidOn) return before;
  if (before.paidOn !== null) {
    throw conflict('expenses.already_paid', 'This expense is already marked paid');
  }
  const [after] = await ctx.tx
    .update(expensesTable)
    .set({ paidOn, updatedAt: ctx.now })
    .where(thisExpense(before))
    .returning();
  await recordEvent(ctx, {
    entityType: 'expenses',
    entityId: id,
    action: 'expense.paid',
    before: { paidOn: null },
    after: { paidOn, category: after!.category, amount: after!.amount },
  });
  return after!;
}

/** Files whose rows went with a record: the route removes them once the transaction committed. */
export type RemovedFiles = string[];

async function removeUpload(db: Database, uploadId: number): Promise<string | undefined> {
  return (await deleteUploadRow(db, uploadId))?.storageKey;
}

/**
 * Deletes an expense and its receipts (their files go after the commit). One the recurring
 * job posted is kept (409): the job would post its period again; change it instead.
 */
export async function deleteExpense(ctx: Context, id: number): Promise<RemovedFiles> {
  const { expense } = await requireExpenseRow(ctx, id, true);
  if (expense.recurringExpenseId !== null) {
    throw conflict(
      'expenses.posted_by_recurring',
      'This expense was posted by a recurring expense and cannot be deleted; change it instead, or end the recurring expense',
    );
  }
  const files = await receipts.listReceipts(ctx.tx, expense);
  await ctx.tx.delete(expensesTable).where(thisExpense(expense));
  const removed: RemovedFiles = [];
  for (const file of files) {
    const key = await removeUpload(ctx.tx, file.id);
    if (key) removed.push(key);
  }
  await recordEvent(ctx, {
    entityType: 'expenses',
    entityId: id,
    action: 'delete',
    before: expense,
  });
  return removed;
}

export async function addReceipt(
  ctx: Context,
  { id, uploadId }: { id: number; uploadId: number },
): Promise<Expense> {
  const { expense } = await requireExpenseRow(ctx, id, true);
  await attachReceipts(ctx, expense, [uploadId]);
  return readExpense(ctx, id);
}

/** Removes one receipt: the file goes with it (after the commit). */
export async function removeReceipt(
  ctx: Context,
  { id, uploadId }: { id: number; uploadId: number },
): Promise<RemovedFiles> {
  const { expense } = await requireExpenseRow(ctx, id, true);
  const file = await receipts.findReceipt(ctx.tx, expense, uploadId);
  if (!file) throw notFound('expenses.receipt_not_found', 'Receipt not found');
  await receipts.deleteReceipt(ctx.tx, expense, uploadId);
  const key = await removeUpload(ctx.tx, uploadId);
  await recordEvent(ctx, {
    entityType: 'expenses',
    entityId: id,
    action: 'expense.receipt_remove',
    before: { uploadId },
  });
  return key ? [key] : [];
}

/** A receipt's file row, for a caller who may see the expense. */
export async function findExpenseReceipt(
  ctx: Context,
  { id, uploadId }: { id: number; uploadId: number },
) {
  const { expense } = await requireExpenseRow(ctx, id);
  const file = await receipts.findReceipt(ctx.tx, expense, uploadId);
  if (!file) throw notFound('expenses.receipt_not_found', 'Receipt not found');
  return file;
}
