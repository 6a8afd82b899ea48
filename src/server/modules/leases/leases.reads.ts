import { calendarDate } from '../../../shared/dates';
import type { Lease, LeaseListItem } from '../../../shared/schemas/leases';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { requireManagedLease, scopeFor } from '../authz';
import { requireManagedFilters } from '../properties';
import { listManagedLeases, toLease, type LeaseListOptions } from './leases.repository';

type LeaseListQuery = Omit<LeaseListOptions, 'scope' | 'today'>;

/** The caller's leases, their state as of the landlord's today. */
function listLeases(ctx: Context, query: LeaseListQuery) {
  return listManagedLeases(ctx.tx, {
    ...query,
    scope: scopeFor(ctx.actor),
    today: calendarDate(ctx.now, ctx.timeZone),
  });
}

/** A page of the leases of the caller's tenants (another landlord's filter record: 404). */
export async function readLeaseList(
  ctx: Context,
  query: LeaseListQuery,
): Promise<{ leases: LeaseListItem[]; total: number }> {
  await requireManagedFilters(ctx, query);
  return listLeases(ctx, query);
}

/** A page of the CSV download (its filters were checked before its first byte). */
export async function readLeasesPage(
  ctx: Context,
  { query, page }: { query: Omit<LeaseListQuery, keyof PageRequest>; page: PageRequest },
): Promise<LeaseListItem[]> {
  return (await listLeases(ctx, { ...query, ...page })).leases;
}

/** One lease of the caller's. */
export async function readLease(ctx: Context, id: number): Promise<Lease> {
  const row = await requireManagedLease(ctx.tx, ctx.actor, id);
  return toLease(row, calendarDate(ctx.now, ctx.timeZone));
}
