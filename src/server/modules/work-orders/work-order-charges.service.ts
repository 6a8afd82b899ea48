import { eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import { fromCents } from '../../../shared/money';
import {
  CHARGEABLE_STATUSES,
  repairChargeDescription,
  type ChargeWorkOrderBody,
} from '../../../shared/schemas/work-orders';
import type { Context } from '../../context';
import { conflict } from '../../http/errors';
import { recordEvent } from '../audit';
import { postCharge } from '../ledger';
import { findLeaseInEffect } from '../tenancy';
import { workTotals } from './work-orders.repository';
import { requireWorkOrder } from './work-orders.service';
import { workOrdersTable } from './work-orders.table';

const ALREADY_CHARGED = () =>
  conflict('work-orders.already_charged', "This work order is already on the tenant's ledger");

/**
 * The landlord puts a finished repair's cost on the tenant's ledger: one 'damages' charge on
 * the unit's current lease, posted by the ledger's own service (its rules and its audit event),
 * then linked from the work order (a unique link). The work order row is locked first, so a
 * double click or two tabs charge once; the second answers 409 and writes nothing.
 */
export async function chargeWorkOrderToTenant(
  ctx: Context,
  { id, body }: { id: number; body: ChargeWorkOrderBody },
): Promise<number> {
  const { order } = await requireWorkOrder(ctx, id);
  if (order.chargedLedgerEntryId !== null) throw ALREADY_CHARGED();
  if (!(CHARGEABLE_STATUSES as readonly string[]).includes(order.status)) {
    throw conflict(
      'work-orders.not_finished',
      `A work order that is ${order.status} cannot be charged; only Done or Closed ones can`,
    );
  }
  const { cost } = await workTotals(ctx.tx, order);
  if (cost <= 0) {
    throw conflict('work-orders.no_cost', 'This work order has no recorded cost to charge');
  }
  const today = calendarDate(ctx.now, ctx.timeZone);
  // The tenant the repair concerns: the lease that covered the day it was filed (they may have
  // moved out since), else the one running today.
  const unit = { id: order.unitId, organisationId: order.organisationId };
  const lease =
    (await findLeaseInEffect(ctx.tx, unit, calendarDate(order.filedAt, ctx.timeZone))) ??
    (await findLeaseInEffect(ctx.tx, unit, today));
  if (!lease) {
    throw conflict('work-orders.no_current_lease', 'The unit has no current lease to charge');
  }

  const entry = await postCharge(ctx, {
    leaseId: lease.id,
    body: {
      category: 'damages',
      amount: body.amount ?? fromCents(cost),
      entryDate: today,
      description: body.description ?? repairChargeDescription(order),
    },
  });

  const [after] = await ctx.tx
    .update(workOrdersTable)
    .set({ chargedLedgerEntryId: entry.id })
    .where(eq(workOrdersTable.id, id))
    .returning();
  await recordEvent(ctx, {
    entityType: 'work-orders',
    entityId: id,
    action: 'charge',
    before: order,
    after,
  });
  return id;
}
