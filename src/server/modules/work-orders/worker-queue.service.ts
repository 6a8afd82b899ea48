import { inArray } from 'drizzle-orm';
import type { ResponseTargets } from '../../../shared/maintenance';
import {
  WORKER_QUEUE_MAINTENANCE_ONLY,
  type WorkerNoteBody,
  type WorkerPhotoBody,
  type WorkerQueue,
  type WorkerStatusBody,
} from '../../../shared/schemas/worker-queue';
import type { Context } from '../../context';
import {
  isLinkedToStaff,
  requireMaintenanceRole,
  workOrdersAssignedToAccountFilter,
} from '../authz';
import { propertiesTable } from '../properties';
import { listWorkOrders } from './work-orders.repository';
import { addWorkOrderNote, addWorkOrderPhoto, changeWorkOrderStatus } from './work-orders.service';

/**
 * The maintenance worker's queue: the open work orders assigned to the staff record(s) linked
 * to the caller's account (the authz policy 'is assigned this work order'), emergencies first,
 * then by scheduled (or filed) date. An unlinked account has an empty queue.
 */
export async function readWorkerQueue(
  { tx: db, actor, now }: Context,
  targets: ResponseTargets,
): Promise<WorkerQueue> {
  requireMaintenanceRole(actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  if (!(await isLinkedToStaff(db, actor))) return { linked: false, workOrders: [] };
  const { workOrders } = await listWorkOrders(db, {
    scope: workOrdersAssignedToAccountFilter(actor),
    query: { open: true, overdue: undefined },
    now,
    targets,
  });
  const propertyIds = [...new Set(workOrders.map((order) => order.propertyId))];
  const properties =
    propertyIds.length === 0
      ? []
      : await db
          .select({
            id: propertiesTable.id,
            address: propertiesTable.address,
            city: propertiesTable.city,
            state: propertiesTable.state,
            zipCode: propertiesTable.zipCode,
          })
          .from(propertiesTable)
          .where(inArray(propertiesTable.id, propertyIds));
  const addresses = new Map(
    properties.map((p) => [p.id, `${p.address}, ${p.city}, ${p.state} ${p.zipCode}`]),
  );
  return {
    linked: true,
    workOrders: workOrders.map((order) => ({
      ...order,
      address: addresses.get(order.propertyId) ?? '',
    })),
  };
}

/** The worker moves their work order along (Assigned -> In progress -> Waiting -> Done). */
export async function changeAssignedWorkOrderStatus(
  ctx: Context,
  { id, body }: { id: number; body: WorkerStatusBody },
): Promise<number> {
  requireMaintenanceRole(ctx.actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  const changed = await changeWorkOrderStatus(ctx, {
    id,
    body: { status: body.status, reason: null },
    role: 'worker',
  });
  if (!body.note) return changed;
  // The note of the move, in the same transaction: a refused note leaves the status as it was.
  return addWorkOrderNote(ctx, {
    id,
    body: { body: body.note, visibility: body.visibility, labourHours: null, cost: null },
    role: 'worker',
  });
}

/** The worker's note on their work order, with hours and cost; the tenant reads it if the worker says so. */
export async function addAssignedWorkOrderNote(
  ctx: Context,
  { id, body }: { id: number; body: WorkerNoteBody },
): Promise<number> {
  requireMaintenanceRole(ctx.actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  return addWorkOrderNote(ctx, {
    id,
    body: {
      body: body.note,
      visibility: body.visibility,
      labourHours: body.hours,
      cost: body.cost,
    },
    role: 'worker',
  });
}

/** The worker shows a before or after photo they sent (POST /api/uploads) on their work order. */
export async function addAssignedWorkOrderPhoto(
  ctx: Context,
  { id, body }: { id: number; body: WorkerPhotoBody },
): Promise<number> {
  requireMaintenanceRole(ctx.actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  return addWorkOrderPhoto(ctx, { id, body, role: 'worker' });
}
