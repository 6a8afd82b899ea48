import type { Tenant, TenantListItem } from '../../../shared/schemas/tenants';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { findManagedUnit, requireManagedTenant, scopeFor } from '../authz';
import { requireManagedFilters } from '../properties';
import { listManagedTenants, toTenant, type TenantListOptions } from './tenants.repository';

type TenantListQuery = Omit<TenantListOptions, 'scope'>;

/** A page of the tenants of the caller's units (another landlord's propertyId or unitId: 404). */
export async function readTenantList(
  ctx: Context,
  query: TenantListQuery,
): Promise<{ tenants: TenantListItem[]; total: number }> {
  await requireManagedFilters(ctx, query);
  return listManagedTenants(ctx.tx, { ...query, scope: scopeFor(ctx.actor) });
}

/** A page of the CSV download (its filters were checked before its first byte). */
export async function readTenantsPage(
  ctx: Context,
  { query, page }: { query: Omit<TenantListQuery, keyof PageRequest>; page: PageRequest },
): Promise<TenantListItem[]> {
  const { tenants } = await listManagedTenants(ctx.tx, {
    ...query,
    ...page,
    scope: scopeFor(ctx.actor),
  });
  return tenants;
}

/** One tenant of the caller's. */
export async function readTenant(ctx: Context, id: number): Promise<Tenant> {
  return toTenant(await requireManagedTenant(ctx.tx, ctx.actor, id));
}

/** Whether the caller manages the unit: placing a tenant there, or applying for it. */
export async function managesUnit(ctx: Context, unitId: number): Promise<boolean> {
  return (await findManagedUnit(ctx.tx, ctx.actor, unitId)) !== undefined;
}
