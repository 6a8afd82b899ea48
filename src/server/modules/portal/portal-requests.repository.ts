import { and, eq } from 'drizzle-orm';
import type {
  MaintenanceCategory,
  MaintenancePriority,
  WorkOrderStatus,
} from '../../../shared/maintenance';
import type { PortalWorkOrderDetail } from '../../../shared/schemas/portal';
import type { Database } from '../../db/client';
import { workOrdersOfTenancyFilter, type Tenancy } from '../authz/authz';
import { findPhotoUpload, listNotes, listPhotos } from '../work-orders/work-orders.repository';
import { workOrdersTable } from '../work-orders/work-orders.table';

/**
 * A request as its tenant reads it (GET /api/portal/requests/{id}): only work orders that
 * concern the tenancy (the authz policy), with the notes shared with the tenant. Internal
 * notes, hours, costs and the assignee stay with the landlord and the worker.
 */
export async function readTenantRequest(
  db: Database,
  tenancy: Tenancy,
  id: number,
  timeZone: string,
): Promise<PortalWorkOrderDetail | undefined> {
  const [order] = await db
    .select()
    .from(workOrdersTable)
    .where(and(eq(workOrdersTable.id, id), workOrdersOfTenancyFilter(tenancy, timeZone)))
    .limit(1);
  if (!order) return undefined;
  const notes = await listNotes(db, id, 'tenant');
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
    photos: await listPhotos(db, id),
  };
}

/** The stored photo of a request the tenant may see; undefined for anything else. */
export async function findTenantRequestPhoto(
  db: Database,
  tenancy: Tenancy,
  id: number,
  photoId: number,
  timeZone: string,
) {
  const [order] = await db
    .select({ id: workOrdersTable.id })
    .from(workOrdersTable)
    .where(and(eq(workOrdersTable.id, id), workOrdersOfTenancyFilter(tenancy, timeZone)))
    .limit(1);
  return order ? findPhotoUpload(db, id, photoId) : undefined;
}
