import { and, eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import { fromCents } from '../../../shared/money';
import type { Expense, WorkOrderExpenseBody } from '../../../shared/schemas/expenses';
import { CHARGEABLE_STATUSES } from '../../../shared/schemas/work-orders';
import type { Context } from '../../context';
import { conflict } from '../../http/errors';
import { recordEvent } from '../audit';
import { workTotals } from '../work-orders';
import { requireWorkOrder } from '../work-orders';
import { createExpense, readExpense } from './expenses.service';
import { expensesTable } from './expenses.table';

/**
 * A finished work order's recorded cost becomes one expense of its unit, paid to its vendor
 * (if a vendor did the work), linked both ways. The work order row is locked first, so a
 * double click makes one expense; a second attempt answers 409 and writes nothing, and the
 * unique key on expenses.work_order_id has the last word. The cost is counted once: in the
 * books it exists only as this expense.
 */
export async function recordWorkOrderExpense(
  ctx: Context,
  { id, body }: { id: number; body: WorkOrderExpenseBody },
): Promise<Expense> {
  const found = await requireWorkOrder(ctx, id);
  const { order } = found;
  const [existing] = await ctx.tx
    .select({ id: expensesTable.id })
    .from(expensesTable)
    .where(
      and(
        eq(expensesTable.organisationId, order.organisationId),
        eq(expensesTable.workOrderId, id),
      ),
    )
    .limit(1);
  if (existing) {
    throw conflict(
      'work-orders.already_expensed',
      `This work order's cost is already in the books as expense #${existing.id}`,
    );
  }
  if (!(CHARGEABLE_STATUSES as readonly string[]).includes(order.status)) {
    throw conflict(
      'work-orders.not_finished',
      `A work order that is ${order.status} has no final cost yet; only Done or Closed ones can become an expense`,
    );
  }
  const { cost } = await workTotals(ctx.tx, order);
  if (cost <= 0) {
    throw conflict('work-orders.no_cost', 'This work order has no recorded cost');
  }
  const row = await createExpense(ctx, {
    propertyId: found.propertyId,
    unitId: order.unitId,
    vendorId: order.assignedVendorId,
    category: body.category,
    amount: fromCents(cost),
    expenseDate: body.expenseDate ?? calendarDate(ctx.now, ctx.timeZone),
    paidOn: body.paidOn,
    dueDate: body.dueDate,
    memo: body.memo ?? `Work order #${id}: ${order.title}`.slice(0, 500),
    workOrderId: id,
  });
  await recordEvent(ctx, {
    entityType: 'work-orders',
    entityId: id,
    action: 'expense.work_order',
    after: { expenseId: row.id },
  });
  return readExpense(ctx, row.id);
}
