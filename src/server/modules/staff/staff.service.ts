import type { CreateStaffBody, Staff } from '../../../shared/schemas/staff';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import { recordEvent } from '../audit/audit.repository';
import { requireManagedProperty, requireManagedStaff } from '../authz/authz';
import {
  deleteStaff as deleteStaffRow,
  insertStaff,
  toStaff,
  updateStaff as updateStaffRow,
} from './staff.repository';

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
  const after = await updateStaffRow(ctx.tx, id, values);
  if (!after) throw NOT_FOUND();
  await recordEvent(ctx, { entityType: 'staff', entityId: id, action: 'update', before, after });
  return toStaff(after);
}

export async function deleteStaff(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedStaff(ctx.tx, ctx.actor, id, { lock: true });
  if (!(await deleteStaffRow(ctx.tx, id))) throw NOT_FOUND();
  await recordEvent(ctx, { entityType: 'staff', entityId: id, action: 'delete', before });
}
