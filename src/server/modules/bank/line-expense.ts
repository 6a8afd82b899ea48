import type { Context } from '../../context';
import { actingUser } from '../../context';
import type { Cents } from '../../../shared/money';
import type { LineExpenseBody } from '../../../shared/schemas/bank';
import { notFound } from '../../http/errors';
import { expensesTable } from '../expenses/expenses.table';
import * as repository from './bank.repository';

/**
 * The expense a withdrawal records, paid on the line's date. The property (and the unit and
 * vendor, when named) must be the account landlord's.
 */
export async function createExpenseOfLine(
  ctx: Context,
  ownerId: number,
  input: LineExpenseBody & { amount: Cents; date: string },
): Promise<{ id: number }> {
  if (
    !(await repository.isOwnersProperty(ctx.tx, ownerId, input.propertyId, input.unitId ?? null))
  ) {
    throw notFound('properties.not_found', 'Property not found');
  }
  if (input.vendorId && !(await repository.isOwnersVendor(ctx.tx, ownerId, input.vendorId))) {
    throw notFound('vendors.not_found', 'Vendor not found');
  }
  const [row] = await ctx.tx
    .insert(expensesTable)
    .values({
      propertyId: input.propertyId,
      unitId: input.unitId ?? null,
      vendorId: input.vendorId ?? null,
      category: input.category,
      amount: input.amount,
      expenseDate: input.date,
      paidOn: input.date,
      memo: input.memo,
      createdByUserId: actingUser(ctx).id,
    })
    .returning({ id: expensesTable.id });
  return row!;
}
