import type { Context } from '../../context';
import { fromCents, type Cents } from '../../../shared/money';
import type { LineExpenseBody } from '../../../shared/schemas/bank';
import { notFound } from '../../http/errors';
import { createExpense } from '../expenses';
import * as repository from './bank.repository';

/**
 * The expense a withdrawal records, incurred and paid on the line's date, through the expenses'
 * own service (its checks of the unit and the vendor, its audit event). The property must be
 * the account landlord's: an Admin matching one landlord's line to another's property would
 * mix two landlords' books.
 */
export async function createExpenseOfLine(
  ctx: Context,
  organisationId: number,
  input: LineExpenseBody & { amount: Cents; date: string },
): Promise<{ id: number }> {
  if (!(await repository.isOrganisationsProperty(ctx.tx, organisationId, input.propertyId))) {
    throw notFound('properties.not_found', 'Property not found');
  }
  return createExpense(ctx, {
    propertyId: input.propertyId,
    unitId: input.unitId ?? null,
    vendorId: input.vendorId ?? null,
    category: input.category,
    amount: fromCents(input.amount),
    expenseDate: input.date,
    paidOn: input.date,
    dueDate: null,
    memo: input.memo,
  });
}
