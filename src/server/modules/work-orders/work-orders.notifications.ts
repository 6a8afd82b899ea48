import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import { notify } from '../notifications';
import { propertiesTable } from '../properties';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import type { WorkOrderRow } from './work-orders.table';

/**
 * Who a change to a work order concerns, told in the app: the tenant's linked account (status
 * and the notes meant for them), the assignee's linked account (an assignment), the owner (a
 * worker's move). Each notice is keyed by the work order and the request that caused it, so a
 * retried job never sends it twice. Nobody is told about their own change.
 */

async function tenantAccount(ctx: Context, order: WorkOrderRow): Promise<number | null> {
  if (order.tenantId === null) return null;
  const [row] = await ctx.tx
    .select({ userId: tenantsTable.userId })
    .from(tenantsTable)
    .where(eq(tenantsTable.id, order.tenantId))
    .limit(1);
  return row?.userId ?? null;
}

async function staffAccount(ctx: Context, staffId: number | null): Promise<number | null> {
  if (staffId === null) return null;
  const [row] = await ctx.tx
    .select({ userId: staffTable.userId })
    .from(staffTable)
    .where(eq(staffTable.id, staffId))
    .limit(1);
  return row?.userId ?? null;
}

async function ownerAccount(ctx: Context, order: WorkOrderRow): Promise<number | null> {
  const [row] = await ctx.tx
    .select({ userId: propertiesTable.userId })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(eq(unitsTable.id, order.unitId))
    .limit(1);
  return row?.userId ?? null;
}

async function send(
  ctx: Context,
  userId: number | null,
  notice: {
    event: string;
    order: WorkOrderRow;
    kind: string;
    title: string;
    body: string;
    link: string;
  },
): Promise<void> {
  if (userId === null) return;
  if (ctx.actor.kind === 'user' && ctx.actor.user.id === userId) return;
  await notify(ctx, {
    userId,
    key: `work-order-${notice.event}:${notice.order.id}:${ctx.requestId}`,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link,
  });
}

/** The staff member's account learns what was given to them, and when. */
export async function notifyAssigned(ctx: Context, order: WorkOrderRow): Promise<void> {
  await send(ctx, await staffAccount(ctx, order.assignedStaffId), {
    event: 'assigned',
    order,
    kind: 'work-orders.assigned',
    title: `Assigned to you: ${order.title}`,
    body: `${order.priority}, ${order.category}${order.scheduledFor ? `, scheduled ${order.scheduledFor}` : ''}.`,
    link: `/my-work-orders/${order.id}`,
  });
}

/** The tenant learns where their request stands; the owner learns what the worker did. */
export async function notifyStatusChanged(
  ctx: Context,
  order: WorkOrderRow,
  by: 'manager' | 'worker',
): Promise<void> {
  const words = order.status === 'Cancelled' && order.closeReason ? `: ${order.closeReason}` : '';
  await send(ctx, await tenantAccount(ctx, order), {
    event: 'status',
    order,
    kind: 'work-orders.status',
    title: `Your request is ${order.status}: ${order.title}`,
    body: `Your maintenance request is now ${order.status}${words}.`,
    link: `/requests/${order.id}`,
  });
  if (by === 'worker') {
    await send(ctx, await ownerAccount(ctx, order), {
      event: 'worker-status',
      order,
      kind: 'work-orders.status',
      title: `Work order ${order.status}: ${order.title}`,
      body: `The assigned worker marked it ${order.status}.`,
      link: `/work-orders/${order.id}`,
    });
  }
}

/** A note shared with the tenant reaches the tenant's account. */
export async function notifyTenantNote(
  ctx: Context,
  order: WorkOrderRow,
  note: string,
): Promise<void> {
  await send(ctx, await tenantAccount(ctx, order), {
    event: 'note',
    order,
    kind: 'work-orders.note',
    title: `New note on your request: ${order.title}`,
    body: note.length > 300 ? `${note.slice(0, 297)}...` : note,
    link: `/requests/${order.id}`,
  });
}
