import type { Staff, StaffListItem } from '../../../shared/schemas/staff';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { managedRecordsFilter, requireManagedStaff } from '../authz';
import { staffTable } from './staff.table';
import { containsPattern, requireManagedFilters } from '../properties';
import { listStaff, toStaff, type StaffListOptions } from './staff.repository';

type StaffListQuery = Omit<StaffListOptions, 'propertyFilter' | 'pattern'> & {
  q?: string | undefined;
};

/** A page of the staff of the properties the caller manages (another landlord's propertyId: 404). */
export async function readStaffList(
  ctx: Context,
  query: StaffListQuery,
): Promise<{ staff: StaffListItem[]; total: number }> {
  await requireManagedFilters(ctx, query);
  return listManagedStaff(ctx, query);
}

/** A page of the CSV download (its filters were checked before its first byte). */
export async function readStaffPage(
  ctx: Context,
  { query, page }: { query: Omit<StaffListQuery, keyof PageRequest>; page: PageRequest },
): Promise<StaffListItem[]> {
  return (await listManagedStaff(ctx, { ...query, ...page })).staff;
}

function listManagedStaff(ctx: Context, { q, ...filters }: StaffListQuery) {
  return listStaff(ctx.tx, {
    ...filters,
    propertyFilter: managedRecordsFilter(ctx.actor, staffTable),
    pattern: q ? containsPattern(q) : undefined,
  });
}

/** One staff member of a property the caller manages. */
export async function readStaffMember(ctx: Context, id: number): Promise<Staff> {
  return toStaff(await requireManagedStaff(ctx.tx, ctx.actor, id));
}
