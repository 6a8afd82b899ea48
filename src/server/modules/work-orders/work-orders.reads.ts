import { managedRecordsFilter } from '../authz';
import { workOrdersTable } from './work-orders.table';
import type { ResponseTargets, WorkOrderRole } from '../../../shared/maintenance';
import {
  WORKER_QUEUE_MAINTENANCE_ONLY,
  type WorkerWorkOrder,
} from '../../../shared/schemas/worker-queue';
import type {
  WorkOrder,
  WorkOrderCounts,
  WorkOrderListQuery,
  WorkOrderSummary,
} from '../../../shared/schemas/work-orders';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import {
  requireMaintenanceRole,
  requireManagedStaff,
  requireManagedTenant,
  workOrdersAssignedToAccountFilter,
} from '../authz';
import { requireManagedFilters } from '../properties';
import type { UploadRow } from '../uploads';
import {
  countWorkOrders,
  findPhotoUpload,
  findWorkOrder,
  listWorkOrders,
} from './work-orders.repository';
import { readWorkOrder } from './work-orders.service';

/**
 * The manager's list. Filtering by another landlord's property, staff member or tenant
 * answers 404, as the record would.
 */
export async function readManagedWorkOrders(
  ctx: Context,
  { query, targets }: { query: WorkOrderListQuery; targets: ResponseTargets },
): Promise<{ workOrders: WorkOrderSummary[]; total: number }> {
  await requireManagedFilters(ctx, { propertyId: query.propertyId });
  if (query.assigneeId) await requireManagedStaff(ctx.tx, ctx.actor, query.assigneeId);
  if (query.tenantId) await requireManagedTenant(ctx.tx, ctx.actor, query.tenantId);
  return listWorkOrders(ctx.tx, {
    scope: managedRecordsFilter(ctx.actor, workOrdersTable),
    query,
    now: ctx.now,
    targets,
  });
}

/** The manager's counts: open, emergencies, overdue. */
export function readManagedWorkOrderCounts(
  ctx: Context,
  targets: ResponseTargets,
): Promise<WorkOrderCounts> {
  return countWorkOrders(ctx.tx, {
    scope: managedRecordsFilter(ctx.actor, workOrdersTable),
    now: ctx.now,
    targets,
  });
}

/** One work order of a property the caller manages. */
export function readManagedWorkOrder(
  ctx: Context,
  { id, targets }: { id: number; targets: ResponseTargets },
): Promise<WorkOrder> {
  return readWorkOrder(ctx.tx, id, managedRecordsFilter(ctx.actor, workOrdersTable), {
    now: ctx.now,
    targets,
  });
}

/** The worker's view of a work order assigned to them: without the tenant's email. */
export async function readAssignedWorkOrder(
  ctx: Context,
  { id, targets }: { id: number; targets: ResponseTargets },
): Promise<WorkerWorkOrder> {
  requireMaintenanceRole(ctx.actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  const order = await readWorkOrder(ctx.tx, id, workOrdersAssignedToAccountFilter(ctx.actor), {
    now: ctx.now,
    targets,
  });
  const { tenant } = order;
  return {
    ...order,
    tenant: tenant && { id: tenant.id, name: tenant.name, phone: tenant.phone },
  };
}

/** A photo of a work order the caller manages (`manager`) or is assigned (`worker`). */
export async function readWorkOrderPhoto(
  ctx: Context,
  { id, photoId, role }: { id: number; photoId: number; role: WorkOrderRole },
): Promise<UploadRow> {
  if (role === 'worker') requireMaintenanceRole(ctx.actor, WORKER_QUEUE_MAINTENANCE_ONLY);
  const scope =
    role === 'worker'
      ? workOrdersAssignedToAccountFilter(ctx.actor)
      : managedRecordsFilter(ctx.actor, workOrdersTable);
  const found = await findWorkOrder(ctx.tx, id, scope);
  const upload = found ? await findPhotoUpload(ctx.tx, found.order, photoId) : undefined;
  if (!upload) throw notFound('work-orders.photo_not_found', 'Photo not found');
  return upload;
}
