import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DomainEvent, Subscriber } from '../../events';
import { notify, notifyOffice } from '../notifications';
import type { NewNotification } from '../notifications';
import { propertiesTable } from '../properties';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { workOrdersTable, type WorkOrderNoteRow, type WorkOrderRow } from './work-orders.table';

/**
 * Who a change to a work order concerns, told in the app: the office's maintenance people (a
 * tenant's request, a worker's move), the assignee's linked account (an assignment), the tenant's linked account
 * (status, and the notes meant for them). Each notice is keyed by the work order and the
 * request that caused it, so it is sent once. Nobody is told about their own change.
 */

async function tenantOf(ctx: Context, order: WorkOrderRow) {
  if (order.tenantId === null) return null;
  const [row] = await ctx.tx
    .select({
      userId: tenantsTable.userId,
      name: tenantsTable.firstName,
      last: tenantsTable.lastName,
    })
    .from(tenantsTable)
    .where(eq(tenantsTable.id, order.tenantId))
    .limit(1);
  return row ?? null;
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

async function placeOf(ctx: Context, order: WorkOrderRow) {
  const [row] = await ctx.tx
    .select({
      propertyId: propertiesTable.id,
      propertyName: propertiesTable.name,
      unitNumber: unitsTable.unitNumber,
    })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(eq(unitsTable.id, order.unitId))
    .limit(1);
  return row!;
}

async function orderOf(ctx: Context, id: number): Promise<WorkOrderRow> {
  const [row] = await ctx.tx.select().from(workOrdersTable).where(eq(workOrdersTable.id, id));
  return row!;
}

const keyOf = (ctx: Context, event: string, order: WorkOrderRow) =>
  `work-order-${event}:${order.id}:${ctx.requestId}`;

async function send(
  ctx: Context,
  userId: number | null | undefined,
  event: string,
  order: WorkOrderRow,
  notice: Omit<NewNotification, 'userId' | 'key'>,
): Promise<void> {
  if (userId === null || userId === undefined) return;
  if (ctx.actor.kind === 'user' && ctx.actor.user.id === userId) return;
  await notify(ctx, { ...notice, userId, key: keyOf(ctx, event, order) });
}

const actingUserId = (ctx: Context) => (ctx.actor.kind === 'user' ? ctx.actor.user.id : null);

/** The tenant learns where their request stands; the office learns what the worker did. */
async function tellStatus(ctx: Context, order: WorkOrderRow): Promise<void> {
  const words = order.status === 'Cancelled' && order.closeReason ? `: ${order.closeReason}` : '';
  await send(ctx, (await tenantOf(ctx, order))?.userId, 'status', order, {
    kind: 'work-orders.status',
    title: `Your request is ${order.status}: ${order.title}`,
    body: `Your maintenance request is now ${order.status}${words}.`,
    link: `/requests/${order.id}`,
  });
  const worker = await staffAccount(ctx, order.assignedStaffId);
  if (worker !== null && worker === actingUserId(ctx)) {
    const { propertyId } = await placeOf(ctx, order);
    await notifyOffice(
      ctx,
      { organisationId: order.organisationId, propertyId, category: 'maintenance' },
      {
        key: keyOf(ctx, 'worker-status', order),
        kind: 'work-orders.status',
        title: `Work order ${order.status}: ${order.title}`,
        body: `The assigned worker marked it ${order.status}.`,
        link: `/work-orders/${order.id}`,
      },
    );
  }
}

// The work-orders service records the work order's row itself as these events' `before` and
// `after`, and the note's row as a note's `after`.
const orderAfter = (event: DomainEvent) => event.after as WorkOrderRow;

/** The office's maintenance people hear of a request a tenant filed from the portal. */
export const requestFiledNotice: Subscriber = {
  name: "tell the office of a tenant's request",
  on: ['work-orders:create'],
  notifies: ['work-orders.requested'],
  async handle(ctx, event) {
    const order = orderAfter(event);
    const tenant = await tenantOf(ctx, order);
    if (!tenant || tenant.userId !== order.filedBy) return;
    const place = await placeOf(ctx, order);
    await notifyOffice(
      ctx,
      {
        organisationId: order.organisationId,
        propertyId: place.propertyId,
        category: 'maintenance',
      },
      {
        key: keyOf(ctx, 'requested', order),
        kind: 'work-orders.requested',
        title: `New maintenance request: ${order.title}`,
        body:
          `${tenant.name} ${tenant.last}, unit ${place.unitNumber} of ${place.propertyName}: ` +
          `${order.priority}, ${order.category}, ${order.location ?? ''}.`,
        link: `/work-orders/${order.id}`,
      },
    );
  },
};

/** The staff member's account learns what was given to them, and when; the tenant, its status. */
export const assignedNotice: Subscriber = {
  name: 'tell the assignee and the tenant of an assignment',
  on: ['work-orders:assign'],
  notifies: ['work-orders.assigned', 'work-orders.status'],
  async handle(ctx, event) {
    const order = orderAfter(event);
    await send(ctx, await staffAccount(ctx, order.assignedStaffId), 'assigned', order, {
      kind: 'work-orders.assigned',
      title: `Assigned to you: ${order.title}`,
      body: `${order.priority}, ${order.category}${order.scheduledFor ? `, scheduled ${order.scheduledFor}` : ''}.`,
      link: `/my-work-orders/${order.id}`,
    });
    if ((event.before as WorkOrderRow).status !== order.status) await tellStatus(ctx, order);
  },
};

export const statusNotice: Subscriber = {
  name: "tell the tenant (and the office, of a worker's move) of a status",
  on: ['work-orders:status'],
  notifies: ['work-orders.status'],
  handle: (ctx, event) => tellStatus(ctx, orderAfter(event)),
};

/** A note shared with the tenant reaches the tenant's account. */
export const tenantNoteNotice: Subscriber = {
  name: 'tell the tenant of a note meant for them',
  on: ['work-orders:add-note'],
  notifies: ['work-orders.note'],
  async handle(ctx, event) {
    const note = event.after as WorkOrderNoteRow;
    if (note.visibility !== 'tenant') return;
    const order = await orderOf(ctx, event.entityId);
    await send(ctx, (await tenantOf(ctx, order))?.userId, 'note', order, {
      kind: 'work-orders.note',
      title: `New note on your request: ${order.title}`,
      body: note.body.length > 300 ? `${note.body.slice(0, 297)}...` : note.body,
      link: `/requests/${order.id}`,
    });
  },
};
