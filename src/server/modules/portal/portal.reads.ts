import type { SQL } from 'drizzle-orm';
import {
  PORTAL_TENANTS_ONLY,
  type PortalHome,
  type PortalWorkOrderDetail,
} from '../../../shared/schemas/portal';
import { calendarDate } from '../../../shared/dates';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import {
  findTenancyOfAccount,
  listLeasesOfTenantAccount,
  requireTenantRole,
  workOrdersOfTenancyFilter,
} from '../authz';
import type { UploadRow } from '../uploads';
import { findTenantRequestPhoto, readTenantRequest } from './portal-requests.repository';
import { readPortalHome } from './portal.repository';

const REQUEST_NOT_FOUND = () => notFound('portal.request_not_found', 'Request not found');

/** The tenant's home: `{ linked: false }` until an invitation has linked the account. */
export async function readOwnPortalHome(ctx: Context): Promise<PortalHome> {
  requireTenantRole(ctx.actor, PORTAL_TENANTS_ONLY);
  const tenancy = await findTenancyOfAccount(ctx.tx, ctx.actor);
  if (!tenancy) return { linked: false };
  return readPortalHome(ctx.tx, calendarDate(ctx.now, ctx.timeZone), {
    tenancy,
    leases: await listLeasesOfTenantAccount(ctx.tx, ctx.actor),
    visible: workOrdersOfTenancyFilter(tenancy, ctx.timeZone),
  });
}

/**
 * The work orders of the caller's own tenancy; a Tenant no invitation has linked sees no
 * request (404).
 */
async function visibleWorkOrders(ctx: Context): Promise<SQL | undefined> {
  requireTenantRole(ctx.actor, PORTAL_TENANTS_ONLY);
  const tenancy = await findTenancyOfAccount(ctx.tx, ctx.actor);
  if (!tenancy) throw REQUEST_NOT_FOUND();
  return workOrdersOfTenancyFilter(tenancy, ctx.timeZone);
}

/** One request on the tenant's unit, with the notes shared with them. */
export async function readOwnRequest(ctx: Context, id: number): Promise<PortalWorkOrderDetail> {
  const found = await readTenantRequest(ctx.tx, await visibleWorkOrders(ctx), id);
  if (!found) throw REQUEST_NOT_FOUND();
  return found;
}

/** A photo of a request on the tenant's unit. */
export async function readOwnRequestPhoto(
  ctx: Context,
  { id, photoId }: { id: number; photoId: number },
): Promise<UploadRow> {
  const upload = await findTenantRequestPhoto(ctx.tx, await visibleWorkOrders(ctx), id, photoId);
  if (!upload) throw notFound('portal.photo_not_found', 'Photo not found');
  return upload;
}
