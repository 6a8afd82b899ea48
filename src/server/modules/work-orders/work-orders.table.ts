import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, decimal, money, updatedAt } from '../../db/columns';
import { ledgerEntriesTable } from '../ledger/ledger.table';
import { staffTable } from '../staff/staff.table';
import { tenantsTable } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';
import { uploadsTable } from '../uploads/uploads.table';
import { usersTable } from '../users/users.table';
import { vendorsTable } from '../vendors/vendors.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * A maintenance request and the work order it becomes are one record: filed as New, triaged
 * (Assigned) or cancelled with a reason, worked, done and closed. Its history is in the
 * audit trail; its notes, hours, costs and photos in the tables below.
 */
export const workOrdersTable = pgTable(
  'work_orders',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // A unit with work orders is kept: the request is part of its history.
    unitId: integer('unit_id')
      .notNull()
      .references(() => unitsTable.id, { onDelete: 'restrict' }),
    // The tenant living there when it was filed, for contact; kept only while they exist.
    tenantId: integer('tenant_id').references(() => tenantsTable.id, { onDelete: 'set null' }),
    filedBy: integer('filed_by')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    entryPermission: boolean('entry_permission').notNull().default(false),
    status: text('status').notNull().default('New'),
    assignedStaffId: integer('assigned_staff_id').references(() => staffTable.id, {
      onDelete: 'set null',
    }),
    // Or given to an outside vendor instead of a staff member (never both).
    assignedVendorId: integer('assigned_vendor_id').references(() => vendorsTable.id, {
      onDelete: 'restrict',
    }),
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    closeReason: text('close_reason'),
    filedAt: timestamp('filed_at', { withTimezone: true, mode: 'date' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    // The one-off charge that put the cost on the tenant's ledger. Unique and set once, so a
    // work order is charged at most once; ledger entries are never deleted ('restrict').
    chargedLedgerEntryId: integer('charged_ledger_entry_id').references(
      () => ledgerEntriesTable.id,
      { onDelete: 'restrict' },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('work_orders_unit_id_idx').on(table.unitId),
    // A tenant's requests (the portal): those they filed, and those that name them.
    index('work_orders_filed_by_idx').on(table.filedBy),
    index('work_orders_tenant_id_idx').on(table.tenantId),
    index('work_orders_assigned_staff_id_idx').on(table.assignedStaffId),
    index('work_orders_assigned_vendor_id_idx').on(table.assignedVendorId),
    check(
      'work_orders_one_assignee',
      sql`${table.assignedStaffId} IS NULL OR ${table.assignedVendorId} IS NULL`,
    ),
    index('work_orders_status_idx').on(table.status, table.priority),
    uniqueIndex('work_orders_charged_ledger_entry_id_key').on(table.chargedLedgerEntryId),
    check(
      'work_orders_status_known',
      sql`${table.status} IN ('New', 'Assigned', 'In progress', 'Waiting', 'Done', 'Closed', 'Cancelled')`,
    ),
    check(
      'work_orders_priority_known',
      sql`${table.priority} IN ('Emergency', 'Urgent', 'Routine')`,
    ),
    check(
      'work_orders_category_known',
      sql`${table.category} IN ('Plumbing', 'Electrical', 'Heating/Cooling', 'Appliance', 'Pest', 'Other')`,
    ),
    check('work_orders_title_length', sql`char_length(${table.title}) BETWEEN 1 AND 120`),
  ],
);
export type WorkOrderRow = typeof workOrdersTable.$inferSelect;

/** Notes are appended, never edited: with the hours and the cost they record. */
export const workOrderNotesTable = pgTable(
  'work_order_notes',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrdersTable.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    visibility: text('visibility').notNull(),
    labourHours: decimal(6, 2)('labour_hours'),
    cost: money('cost'),
    createdAt: createdAt(),
  },
  (table) => [
    index('work_order_notes_work_order_id_idx').on(table.workOrderId),
    check('work_order_notes_visibility_known', sql`${table.visibility} IN ('internal', 'tenant')`),
    check('work_order_notes_hours_range', sql`${table.labourHours} >= 0`),
    check('work_order_notes_cost_range', sql`${table.cost} >= 0`),
  ],
);
export type WorkOrderNoteRow = typeof workOrderNotesTable.$inferSelect;

/** A photo shows on one work order only; while it does, it cannot be withdrawn. */
export const workOrderPhotosTable = pgTable(
  'work_order_photos',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrdersTable.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      // 'no action', not 'restrict': its violation (23503) is what a withdrawal turns into 409.
      .references(() => uploadsTable.id),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('work_order_photos_upload_id_key').on(table.uploadId),
    index('work_order_photos_work_order_id_idx').on(table.workOrderId),
    check('work_order_photos_kind_known', sql`${table.kind} IN ('request', 'before', 'after')`),
  ],
);
export type WorkOrderPhotoRow = typeof workOrderPhotosTable.$inferSelect;
