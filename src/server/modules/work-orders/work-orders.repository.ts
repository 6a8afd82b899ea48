import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_STATUSES,
  type MaintenanceCategory,
  type MaintenancePriority,
  type ResponseTargets,
  type WorkOrderStatus,
} from '../../../shared/maintenance';
import { fromCents, type Cents } from '../../../shared/money';
import type {
  WorkOrderCounts,
  WorkOrderListQuery,
  WorkOrderNote,
  WorkOrderPhoto,
  WorkOrderSummary,
} from '../../../shared/schemas/work-orders';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { centsOf } from '../../db/columns';
import { propertiesTable } from '../properties';
import { staffTable } from '../staff';
import { vendorsTable } from '../vendors';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { uploadsTable } from '../uploads';
import { publicName, usersTable } from '../users';
import {
  workOrderNotesTable,
  workOrderPhotosTable,
  workOrdersTable,
  type WorkOrderRow,
} from './work-orders.table';

const w = workOrdersTable;

/**
 * The row a work order names, of the work order's own organisation (decision 0030): every
 * table of the query is then filtered by organisation once the work order is.
 */
const sameOrganisation = (table: { id: PgColumn; organisationId: PgColumn }, reference: PgColumn) =>
  and(eq(table.id, reference), eq(table.organisationId, w.organisationId));

/** When a request must be acknowledged by, in SQL: its priority's target after filing. */
function respondByExpression(targets: ResponseTargets): SQL {
  return sql`${w.filedAt} + (CASE ${w.priority} WHEN 'Emergency' THEN ${targets.Emergency}::numeric WHEN 'Urgent' THEN ${targets.Urgent}::numeric ELSE ${targets.Routine}::numeric END) * interval '1 hour'`;
}

function overdueExpression(targets: ResponseTargets, now: Date): SQL {
  return sql`(${w.status} = 'New' AND ${respondByExpression(targets)} < ${now.toISOString()}::timestamptz)`;
}

const HOUR_MS = 3_600_000;

const summaryColumns = {
  order: w,
  unitNumber: unitsTable.unitNumber,
  propertyId: propertiesTable.id,
  propertyName: propertiesTable.name,
  address: propertiesTable.address,
  city: propertiesTable.city,
  state: propertiesTable.state,
  zipCode: propertiesTable.zipCode,
  staffFirstName: staffTable.firstName,
  staffLastName: staffTable.lastName,
  vendorName: vendorsTable.name,
};

type SummaryRow = {
  order: WorkOrderRow;
  unitNumber: string;
  propertyId: number;
  propertyName: string;
  staffFirstName: string | null;
  staffLastName: string | null;
  vendorName: string | null;
};

function baseQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(w)
    .innerJoin(unitsTable, sameOrganisation(unitsTable, w.unitId))
    .innerJoin(propertiesTable, sameOrganisation(propertiesTable, unitsTable.propertyId))
    .leftJoin(staffTable, sameOrganisation(staffTable, w.assignedStaffId))
    .leftJoin(vendorsTable, sameOrganisation(vendorsTable, w.assignedVendorId));
}

export interface Clock {
  now: Date;
  targets: ResponseTargets;
}

export function toSummary(row: SummaryRow, { now, targets }: Clock): WorkOrderSummary {
  const order = row.order;
  const priority = order.priority as MaintenancePriority;
  const respondBy = new Date(order.filedAt.getTime() + targets[priority] * HOUR_MS);
  return {
    id: order.id,
    title: order.title,
    category: order.category as MaintenanceCategory,
    priority,
    status: order.status as WorkOrderStatus,
    unitId: order.unitId,
    unitNumber: row.unitNumber,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    assignedStaffId: order.assignedStaffId,
    assignedVendorId: order.assignedVendorId,
    assigneeName: row.staffFirstName
      ? `${row.staffFirstName} ${row.staffLastName}`
      : (row.vendorName ?? null),
    scheduledFor: order.scheduledFor,
    filedAt: order.filedAt.toISOString(),
    respondBy: respondBy.toISOString(),
    overdue: order.status === 'New' && now.getTime() > respondBy.getTime(),
  };
}

export interface WorkOrderListOptions extends Clock {
  /** Which work orders the caller may see (the properties they manage, or their assignments). */
  scope: SQL | undefined;
  query: WorkOrderListQuery;
}

function listFilter({ scope, query, now, targets }: WorkOrderListOptions): SQL | undefined {
  return and(
    scope,
    query.propertyId ? eq(propertiesTable.id, query.propertyId) : undefined,
    query.status ? eq(w.status, query.status) : undefined,
    query.priority ? eq(w.priority, query.priority) : undefined,
    query.assigneeId ? eq(w.assignedStaffId, query.assigneeId) : undefined,
    query.tenantId ? eq(w.tenantId, query.tenantId) : undefined,
    query.overdue === true ? overdueExpression(targets, now) : undefined,
    query.overdue === false ? sql`NOT ${overdueExpression(targets, now)}` : undefined,
    query.open === true ? inArray(w.status, [...OPEN_STATUSES]) : undefined,
    query.open === false
      ? sql`${w.status} NOT IN ('New', 'Assigned', 'In progress', 'Waiting')`
      : undefined,
  );
}

/** Emergencies first, then urgent, then routine; within a priority the oldest request first. */
const PRIORITY_ORDER = sql`CASE ${w.priority} WHEN 'Emergency' THEN 0 WHEN 'Urgent' THEN 1 ELSE 2 END`;

export async function listWorkOrders(
  db: Database,
  options: WorkOrderListOptions,
): Promise<{ workOrders: WorkOrderSummary[]; total: number }> {
  const where = listFilter(options);
  let query = baseQuery(db)
    .where(where)
    .orderBy(PRIORITY_ORDER, asc(sql`coalesce(${w.scheduledFor}, ${w.filedAt}::date)`), asc(w.id))
    .$dynamic();
  const { limit, offset } = options.query;
  if (limit !== undefined) query = query.limit(limit);
  if (offset !== undefined) query = query.offset(offset);
  const rows = await query;
  let total = rows.length;
  if (limit !== undefined || offset !== undefined) {
    const [counted] = await db
      .select({ total: count() })
      .from(w)
      .innerJoin(unitsTable, sameOrganisation(unitsTable, w.unitId))
      .innerJoin(propertiesTable, sameOrganisation(propertiesTable, unitsTable.propertyId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { workOrders: rows.map((row) => toSummary(row, options)), total };
}

export async function countWorkOrders(
  db: Database,
  { scope, now, targets }: Omit<WorkOrderListOptions, 'query'>,
): Promise<WorkOrderCounts> {
  const open = inArray(w.status, [...OPEN_STATUSES]);
  const [row] = await db
    .select({
      open: sql<number>`count(*) FILTER (WHERE ${open})`.mapWith(Number),
      emergency:
        sql<number>`count(*) FILTER (WHERE ${open} AND ${w.priority} = 'Emergency')`.mapWith(
          Number,
        ),
      overdue: sql<number>`count(*) FILTER (WHERE ${overdueExpression(targets, now)})`.mapWith(
        Number,
      ),
    })
    .from(w)
    .innerJoin(unitsTable, sameOrganisation(unitsTable, w.unitId))
    .innerJoin(propertiesTable, sameOrganisation(propertiesTable, unitsTable.propertyId))
    // Every count is of open work orders (an overdue one is New): years of closed ones are
    // never read, whatever their number.
    .where(and(scope, open));
  return { open: row?.open ?? 0, emergency: row?.emergency ?? 0, overdue: row?.overdue ?? 0 };
}

/** One work order the scope allows, with what its detail page needs; undefined otherwise. */
export async function findWorkOrder(
  db: Database,
  id: number,
  scope: SQL | undefined,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      ...summaryColumns,
      tenantId: tenantsTable.id,
      tenantFirstName: tenantsTable.firstName,
      tenantLastName: tenantsTable.lastName,
      tenantPhone: tenantsTable.phoneNumber,
      tenantEmail: tenantsTable.email,
    })
    .from(w)
    .innerJoin(unitsTable, sameOrganisation(unitsTable, w.unitId))
    .innerJoin(propertiesTable, sameOrganisation(propertiesTable, unitsTable.propertyId))
    .leftJoin(staffTable, sameOrganisation(staffTable, w.assignedStaffId))
    .leftJoin(vendorsTable, sameOrganisation(vendorsTable, w.assignedVendorId))
    .leftJoin(tenantsTable, sameOrganisation(tenantsTable, w.tenantId))
    .where(and(eq(w.id, id), scope))
    .limit(1)
    .$dynamic();
  const [row] = await (options.lock ? query.for('update', { of: w }) : query);
  return row;
}
export type FoundWorkOrder = NonNullable<Awaited<ReturnType<typeof findWorkOrder>>>;

/** A work order named by its organisation as well as its id (decision 0030). */
export type WorkOrderKey = { id: number; organisationId: number };

export async function listNotes(
  db: Database,
  order: WorkOrderKey,
  visibility?: 'tenant',
): Promise<WorkOrderNote[]> {
  const rows = await db
    .select({ note: workOrderNotesTable, author: publicName })
    .from(workOrderNotesTable)
    .innerJoin(usersTable, eq(usersTable.id, workOrderNotesTable.authorId))
    .where(
      and(
        eq(workOrderNotesTable.organisationId, order.organisationId),
        eq(workOrderNotesTable.workOrderId, order.id),
        visibility ? eq(workOrderNotesTable.visibility, visibility) : undefined,
      ),
    )
    .orderBy(desc(workOrderNotesTable.id));
  return rows.map(({ note, author }) => ({
    id: note.id,
    body: note.body,
    visibility: note.visibility as WorkOrderNote['visibility'],
    labourHours: note.labourHours,
    cost: note.cost === null ? null : fromCents(note.cost),
    author,
    createdAt: note.createdAt.toISOString(),
  }));
}

/** Hours and cost so far: sums done by the database, the cost read as exact cents. */
export async function workTotals(
  db: Database,
  order: WorkOrderKey,
): Promise<{ labourHours: number; cost: Cents }> {
  const [row] = await db
    .select({
      labourHours: sql<number>`coalesce(sum(${workOrderNotesTable.labourHours}), 0)`.mapWith(
        Number,
      ),
      cost: centsOf(sql`sum(${workOrderNotesTable.cost})`),
    })
    .from(workOrderNotesTable)
    .where(
      and(
        eq(workOrderNotesTable.organisationId, order.organisationId),
        eq(workOrderNotesTable.workOrderId, order.id),
      ),
    );
  return { labourHours: row?.labourHours ?? 0, cost: (row?.cost ?? 0) as Cents };
}

/** The photos of a work order, found by its organisation first. */
const photosOf = (order: WorkOrderKey) =>
  and(
    eq(workOrderPhotosTable.organisationId, order.organisationId),
    eq(workOrderPhotosTable.workOrderId, order.id),
  );

export async function listPhotos(db: Database, order: WorkOrderKey): Promise<WorkOrderPhoto[]> {
  const rows = await db
    .select({ photo: workOrderPhotosTable, upload: uploadsTable })
    .from(workOrderPhotosTable)
    .innerJoin(uploadsTable, eq(uploadsTable.id, workOrderPhotosTable.uploadId))
    .where(photosOf(order))
    .orderBy(asc(workOrderPhotosTable.id));
  return rows.map(({ photo, upload }) => ({
    id: photo.id,
    kind: photo.kind as WorkOrderPhoto['kind'],
    // A work order shows photos only (attachPhotos refuses a PDF): they have a size.
    width: upload.width!,
    height: upload.height!,
    createdAt: photo.createdAt.toISOString(),
  }));
}

export async function findPhotoUpload(db: Database, order: WorkOrderKey, photoId: number) {
  const [row] = await db
    .select({ upload: uploadsTable })
    .from(workOrderPhotosTable)
    .innerJoin(uploadsTable, eq(uploadsTable.id, workOrderPhotosTable.uploadId))
    .where(and(photosOf(order), eq(workOrderPhotosTable.id, photoId)))
    .limit(1);
  return row?.upload;
}

export async function countPhotos(db: Database, order: WorkOrderKey): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workOrderPhotosTable).where(photosOf(order));
  return row?.n ?? 0;
}
