import { and, eq, type SQL } from 'drizzle-orm';
import type {
  MaintenanceCategory,
  MaintenancePriority,
  WorkOrderStatus,
} from '../../../shared/maintenance';
import type { PortalWorkOrderDetail } from '../../../shared/schemas/portal';
import type { Database } from '../../db/client';
import { findPhotoUpload, listNotes, listPhotos, workOrdersTable } from '../work-orders';

/**
 * A request as its tenant reads it (GET /api/portal/requests/{id}): only work orders that
 * concern the tenancy (the authz policy), with the notes shared with the tenant. Internal
 * notes, hours, costs and the assignee stay with the landlord and the worker.
 */
export async function readTenantRequest(
  db: Database,
  /** The work orders the tenant may see (workOrdersOfTenancyFilter, modules/authz). */
  visible: SQL | undefined,
  id: number,
): Promise<PortalWorkOrderDetail | undefined> {
  const [order] = await db
    .select()
    .from(workOrdersTable)
    .where(and(eq(workOrdersTable.id, id), visible))
    .limit(1);
  if (!order) return undefined;
  const notes = await listNotes(db, order, 'tenant');
  return {
    id: order.id,
    title: order.title,
    status: order.status as WorkOrderStatus,
    priority: order.priority as MaintenancePriority,
    category: order.category as MaintenanceCategory,
    location: order.location,
    description: order.description,
    entryPermission: order.entryPermission,
    scheduledFor: order.scheduledFor,
    closeReason: order.closeReason,
    createdAt: order.filedAt.toISOString(),
    notes: notes.map(({ id: noteId, body, createdAt }) => ({ id: noteId, body, createdAt })),
    photos: await listPhotos(db, order),
  };
}

/** The stored photo of a request the tenant may see; undefined for anything else. */
export async function findTenantRequestPhoto(
  db: Database,
  visible: SQL | undefined,
  id: number,
  photoId: number,
) {
  const [order] = await db
    .select({ id: workOrdersTable.id, organisationId: workOrdersTable.organisationId })
    .from(workOrdersTable)
    .where(and(eq(workOrdersTable.id, id), visible))
    .limit(1);
  return order ? findPhotoUpload(db, order, photoId) : undefined;
}
