import { and, eq, type SQL } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import { canTransition, type WorkOrderRole } from '../../../shared/maintenance';
import { fromCents, toCents } from '../../../shared/money';
import {
  MAX_WORK_ORDER_COST,
  WORK_ORDER_COST_TOO_LARGE,
  type AddNoteBody,
  type AddPhotoBody,
  type AssignWorkOrderBody,
  type ChangeStatusBody,
  type CreateWorkOrderBody,
  type WorkOrder,
} from '../../../shared/schemas/work-orders';
import { actingUser, type Context } from '../../context';
import type { Database } from '../../db/client';
import {
  badRequest,
  conflict,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../http/errors';
import { recordEvent } from '../audit';
import {
  managedRecordsFilter,
  requireManagedStaff,
  requireManagedUnit,
  workOrdersAssignedToAccountFilter,
} from '../authz';
import { findLeaseInEffect } from '../tenancy';
import { findOwnUpload } from '../uploads';
import { propertiesTable } from '../properties';
import { vendorsTable } from '../vendors';
import { expensesTable } from '../expenses';
import { isReceipt } from '../expenses';
import {
  countPhotos,
  findWorkOrder,
  listNotes,
  listPhotos,
  toSummary,
  workTotals,
  type Clock,
  type FoundWorkOrder,
  type WorkOrderKey,
} from './work-orders.repository';
import {
  workOrderNotesTable,
  workOrderPhotosTable,
  workOrdersTable,
  type WorkOrderRow,
} from './work-orders.table';
import type { AuditAction } from '../../../shared/audit-sentences';

/** Photos one work order may show, before and after included. */
export const MAX_WORK_ORDER_PHOTOS = 30;

const NOT_FOUND = () => notFound('work-orders.not_found', 'Work order not found');

/** The work order a role may act on: a manager's property's, or (worker) one assigned to them. */
export async function requireWorkOrder(
  ctx: Context,
  id: number,
  role: WorkOrderRole = 'manager',
): Promise<FoundWorkOrder> {
  const scope =
    role === 'worker'
      ? workOrdersAssignedToAccountFilter(ctx.actor)
      : managedRecordsFilter(ctx.actor, workOrdersTable);
  const found = await findWorkOrder(ctx.tx, id, scope, { lock: true });
  if (!found) throw NOT_FOUND();
  return found;
}

/** The tenant a request filed now concerns: the one whose lease covers today, or nobody. */
async function tenantOnDay(
  db: Database,
  unit: { id: number; organisationId: number },
  day: string,
): Promise<number | null> {
  return (await findLeaseInEffect(db, unit, day))?.tenantId ?? null;
}

/** Shows photos the actor sent on a work order; a photo may show on one work order only. */
async function attachPhotos(
  ctx: Context,
  order: WorkOrderKey,
  uploadIds: readonly number[],
  kind: 'request' | 'before' | 'after',
): Promise<void> {
  const user = actingUser(ctx);
  const workOrderId = order.id;
  if ((await countPhotos(ctx.tx, order)) + uploadIds.length > MAX_WORK_ORDER_PHOTOS) {
    throw conflict(
      'work-orders.too_many_photos',
      `A work order can show at most ${MAX_WORK_ORDER_PHOTOS} photos`,
    );
  }
  for (const uploadId of uploadIds) {
    const upload = await findOwnUpload(ctx.tx, user.id, uploadId);
    if (!upload) {
      throw badRequest(
        'work-orders.photo_not_found',
        'One of the photos was not found',
        'photoIds',
      );
    }
    // A PDF is a receipt, downloaded only; a receipt stays with its expense, never on a work
    // order that a worker or the tenant reads.
    if (upload.contentType !== 'image/webp' || (await isReceipt(ctx.tx, uploadId))) {
      throw badRequest(
        'work-orders.not_a_photo',
        'A work order shows photos only, and none that is a receipt',
        'photoIds',
      );
    }
  }
  if (uploadIds.length === 0) return;
  try {
    const rows = await ctx.tx.transaction((tx) =>
      tx
        .insert(workOrderPhotosTable)
        .values(uploadIds.map((uploadId) => ({ workOrderId, uploadId, kind, createdAt: ctx.now })))
        .returning(),
    );
    for (const row of rows) {
      await recordEvent(ctx, {
        entityType: 'work-orders',
        entityId: workOrderId,
        action: 'add-photo',
        after: row,
      });
    }
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict('work-orders.photo_in_use', 'This photo already shows on a work order');
    }
    throw error;
  }
}

/** What a new request says: where, what, how urgent, and the photos its filer sent. */
export type NewWorkOrder = Pick<
  CreateWorkOrderBody,
  'title' | 'description' | 'location' | 'category' | 'priority' | 'entryPermission' | 'photoIds'
> & { unitId: number; tenantId: number | null };

/**
 * Files a request as a New work order by the acting user, with its audit event and its photos.
 * The one insert behind the landlord's filing and the tenant's (tenant-requests.service.ts).
 */
export async function insertWorkOrder(ctx: Context, values: NewWorkOrder): Promise<WorkOrderRow> {
  const [row] = await ctx.tx
    .insert(workOrdersTable)
    .values({
      unitId: values.unitId,
      tenantId: values.tenantId,
      filedBy: actingUser(ctx).id,
      title: values.title,
      description: values.description,
      location: values.location,
      category: values.category,
      priority: values.priority,
      entryPermission: values.entryPermission,
      status: 'New',
      filedAt: ctx.now,
    })
    .returning();
  await recordEvent(ctx, {
    entityType: 'work-orders',
    entityId: row!.id,
    action: 'create',
    after: row,
  });
  await attachPhotos(ctx, row!, values.photoIds, 'request');
  return row!;
}

/** A landlord files a request for a unit they manage (after a tenant's phone call, say). */
export async function fileWorkOrder(ctx: Context, body: CreateWorkOrderBody): Promise<number> {
  const unit = await requireManagedUnit(ctx.tx, ctx.actor, body.unitId);
  const { unitId: _unitId, ...request } = body;
  const row = await insertWorkOrder(ctx, {
    ...request,
    unitId: unit.id,
    tenantId: await tenantOnDay(ctx.tx, unit, calendarDate(ctx.now, ctx.timeZone)),
  });
  return row.id;
}

async function update(
  ctx: Context,
  before: WorkOrderRow,
  values: Partial<WorkOrderRow>,
  action: AuditAction,
) {
  const [after] = await ctx.tx
    .update(workOrdersTable)
    .set(values)
    .where(eq(workOrdersTable.id, before.id))
    .returning();
  if (!after) throw NOT_FOUND();
  await recordEvent(ctx, { entityType: 'work-orders', entityId: before.id, action, before, after });
  return after;
}

/**
 * Triage: a staff member of the landlord's, or one of the landlord's vendors, takes the work
 * order (never both), on a date if one is set.
 */
export async function assignWorkOrder(
  ctx: Context,
  { id, body }: { id: number; body: AssignWorkOrderBody },
): Promise<number> {
  const { order, propertyId } = await requireWorkOrder(ctx, id);
  if (order.status !== 'New' && order.status !== 'Assigned') {
    throw conflict(
      'work-orders.not_assignable',
      `A work order that is ${order.status} cannot be assigned; only New or Assigned ones can`,
    );
  }
  if ((body.staffId === null) === (body.vendorId === null)) {
    throw badRequest(
      'work-orders.one_assignee',
      'Please choose a staff member or a vendor (one of them)',
      'staffId',
    );
  }
  const staffId =
    body.staffId === null ? null : (await requireManagedStaff(ctx.tx, ctx.actor, body.staffId)).id;
  const vendorId =
    body.vendorId === null ? null : await requireVendorOfProperty(ctx, body.vendorId, propertyId);
  await update(
    ctx,
    order,
    {
      status: 'Assigned',
      assignedStaffId: staffId,
      assignedVendorId: vendorId,
      scheduledFor: body.scheduledFor,
      acknowledgedAt: order.acknowledgedAt ?? ctx.now,
    },
    'assign',
  );
  return id;
}

/** A vendor of the property's landlord (another landlord's answers 404, as if missing). */
async function requireVendorOfProperty(
  ctx: Context,
  vendorId: number,
  propertyId: number,
): Promise<number> {
  const [row] = await ctx.tx
    .select({ id: vendorsTable.id })
    .from(vendorsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.organisationId, vendorsTable.organisationId))
    .where(and(eq(vendorsTable.id, vendorId), eq(propertiesTable.id, propertyId)))
    .limit(1);
  if (!row) throw notFound('vendors.not_found', 'Vendor not found');
  return row.id;
}

/** Moves a work order along the transition table; cancelling keeps the reason. */
export async function changeWorkOrderStatus(
  ctx: Context,
  { id, body, role = 'manager' }: { id: number; body: ChangeStatusBody; role?: WorkOrderRole },
): Promise<number> {
  const { order } = await requireWorkOrder(ctx, id, role);
  const from = order.status as WorkOrder['status'];
  if (body.status === 'Assigned' && from === 'New') {
    throw conflict('work-orders.assign_first', 'Choose who does the work to triage the request');
  }
  if (!canTransition(from, body.status, role)) {
    throw conflict(
      'work-orders.bad_transition',
      `A work order that is ${from} cannot become ${body.status}`,
    );
  }
  await update(
    ctx,
    order,
    {
      status: body.status,
      closeReason: body.status === 'Cancelled' ? body.reason : order.closeReason,
      acknowledgedAt: order.acknowledgedAt ?? ctx.now,
    },
    'status',
  );
  return id;
}

export async function addWorkOrderNote(
  ctx: Context,
  { id, body, role = 'manager' }: { id: number; body: AddNoteBody; role?: WorkOrderRole },
): Promise<number> {
  // The work order is locked: two notes at once cannot both fit under the bound.
  const { order } = await requireWorkOrder(ctx, id, role);
  if (body.cost !== null) {
    const { cost } = await workTotals(ctx.tx, order);
    if (cost + toCents(body.cost) > toCents(MAX_WORK_ORDER_COST)) {
      throw badRequest('work_orders.cost_too_large', WORK_ORDER_COST_TOO_LARGE, 'cost');
    }
  }
  const [note] = await ctx.tx
    .insert(workOrderNotesTable)
    .values({
      workOrderId: order.id,
      authorId: actingUser(ctx).id,
      body: body.body,
      visibility: body.visibility,
      labourHours: body.labourHours,
      cost: body.cost === null ? null : toCents(body.cost),
      createdAt: ctx.now,
    })
    .returning();
  await recordEvent(ctx, {
    entityType: 'work-orders',
    entityId: id,
    action: 'add-note',
    after: note,
  });
  return id;
}

export async function addWorkOrderPhoto(
  ctx: Context,
  { id, body, role = 'manager' }: { id: number; body: AddPhotoBody; role?: WorkOrderRole },
): Promise<number> {
  const { order } = await requireWorkOrder(ctx, id, role);
  await attachPhotos(ctx, order, [body.uploadId], body.kind);
  return id;
}

/** The expense that put the work order's cost in the books, if any. */
async function expenseOfWorkOrder(db: Database, order: WorkOrderKey): Promise<number | null> {
  const [row] = await db
    .select({ id: expensesTable.id })
    .from(expensesTable)
    .where(
      and(
        eq(expensesTable.organisationId, order.organisationId),
        eq(expensesTable.workOrderId, order.id),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The detail of one work order the scope allows; a tenant's view has only the notes meant for them. */
export async function readWorkOrder(
  db: Database,
  id: number,
  scope: SQL | undefined,
  clock: Clock,
  view: 'full' | 'tenant' = 'full',
): Promise<WorkOrder> {
  const found = await findWorkOrder(db, id, scope);
  if (!found) throw NOT_FOUND();
  const { order } = found;
  const totals = await workTotals(db, order);
  return {
    ...toSummary(found, clock),
    description: order.description,
    location: order.location,
    entryPermission: order.entryPermission,
    closeReason: order.closeReason,
    address: `${found.address}, ${found.city}, ${found.state} ${found.zipCode}`,
    tenant:
      found.tenantId === null
        ? null
        : {
            id: found.tenantId,
            name: `${found.tenantFirstName} ${found.tenantLastName}`,
            phone: found.tenantPhone ?? '',
            email: found.tenantEmail ?? '',
          },
    labourHours: totals.labourHours,
    cost: fromCents(totals.cost),
    notes: await listNotes(db, order, view === 'tenant' ? 'tenant' : undefined),
    photos: await listPhotos(db, order),
    chargedLedgerEntryId: order.chargedLedgerEntryId,
    expenseId: await expenseOfWorkOrder(db, order),
  };
}
