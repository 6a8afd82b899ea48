import type { MaintenancePriority, WorkOrderStatus } from '../../../shared/maintenance';
import {
  PORTAL_MOVED_OUT,
  PORTAL_NOT_LINKED,
  PORTAL_TENANTS_ONLY,
  type PortalRequestBody,
  type PortalWorkOrder,
} from '../../../shared/schemas/portal';
import type { Context } from '../../context';
import { conflict } from '../../http/errors';
import { findTenancyOfAccount, requireTenantRole } from '../authz';
import { insertWorkOrder } from './work-orders.service';

/**
 * A linked tenant reports a problem in their own unit (POST /api/portal/requests). The unit is
 * the one of the tenant record linked to the account (decision 0011), never an id the caller
 * sent. The request is a work order like the landlord's filing: New, filed by this account,
 * naming the tenant, with its audit event and up to 5 photos the tenant sent (checked by
 * content like the landlord's); its event tells the unit's landlord (work-orders.notifications.ts).
 */
export async function fileTenantRequest(
  ctx: Context,
  body: PortalRequestBody,
): Promise<PortalWorkOrder> {
  requireTenantRole(ctx.actor, PORTAL_TENANTS_ONLY);
  const tenancy = await findTenancyOfAccount(ctx.tx, ctx.actor);
  if (!tenancy) throw conflict('portal.not_linked', PORTAL_NOT_LINKED);
  const { tenant, unit } = tenancy;
  if (tenant.movedOutOn !== null) throw conflict('portal.moved_out', PORTAL_MOVED_OUT);

  const order = await insertWorkOrder(ctx, { ...body, unitId: unit.id, tenantId: tenant.id });
  return {
    id: order.id,
    title: order.title,
    status: order.status as WorkOrderStatus,
    priority: order.priority as MaintenancePriority,
    createdAt: order.filedAt.toISOString(),
  };
}
