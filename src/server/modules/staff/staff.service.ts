import { and, eq } from 'drizzle-orm';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type { CreateStaffBody, Staff } from '../../../shared/schemas/staff';
import type { Context } from '../../context';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { requireManagedProperty, requireManagedStaff } from '../authz';
import { workOrdersTable } from '../work-orders';
import {
  deleteStaff as deleteStaffRow,
  insertStaff,
  toStaff,
  updateStaff as updateStaffRow,
} from './staff.repository';
import type { StaffRow } from './staff.table';

const NOT_FOUND = () => notFound('staff.not_found', 'Staff member not found');

export async function createStaff(ctx: Context, values: CreateStaffBody): Promise<Staff> {
  await requireManagedProperty(ctx.tx, ctx.actor, values.propertyId);
  const row = await insertStaff(ctx.tx, values);
  await recordEvent(ctx, { entityType: 'staff', entityId: row.id, action: 'create', after: row });
  return toStaff(row);
}

/** Edits a staff member; a move to another property needs that property to be the caller's. */
export async function updateStaff(
  ctx: Context,
  { id, values }: { id: number; values: CreateStaffBody },
): Promise<Staff> {
  const before = await requireManagedStaff(ctx.tx, ctx.actor, id, { lock: true });
  if (values.propertyId !== before.propertyId) {
    await requireManagedProperty(ctx.tx, ctx.actor, values.propertyId);
  }
  const after = await updateStaffRow(ctx.tx, before, values);
  if (!after) throw NOT_FOUND();
  await recordEvent(ctx, { entityType: 'staff', entityId: id, action: 'update', before, after });
  return toStaff(after);
}

/**
 * Nothing stops a staff member's removal; their work orders stay, unassigned, and a linked
 * portal login stays but loses them.
 */
function staffDeletion(staff: StaffRow): DeletionRules {
  return {
    blockers: [],
    removes: [
      {
        kind: 'assignedWorkOrders',
        count: (db) =>
          countRows(
            db,
            workOrdersTable,
            and(
              eq(workOrdersTable.organisationId, staff.organisationId),
              eq(workOrdersTable.assignedStaffId, staff.id),
            )!,
          ),
        message: (orders) =>
          orders === 1
            ? 'The 1 work order assigned to them becomes unassigned.'
            : `The ${orders} work orders assigned to them become unassigned.`,
      },
      {
        kind: 'portalAccount',
        count: async () => (staff.userId === null ? 0 : 1),
        message: () => "Their portal login stays, but no longer reaches this property's work.",
      },
    ],
  };
}

/** What deleting a staff member the caller manages would do now (nothing is changed). */
export async function previewStaffDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  const staff = await requireManagedStaff(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, staffDeletion(staff));
}

export async function deleteStaff(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedStaff(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, staffDeletion(before), async (db) => {
    if (!(await deleteStaffRow(db, before))) throw NOT_FOUND();
  });
  await recordEvent(ctx, { entityType: 'staff', entityId: id, action: 'delete', before });
}
