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
import { notify } from '../notifications';
import { insertWorkOrder } from './work-orders.service';

/**
 * A linked tenant reports a problem in their own unit (POST /api/portal/requests). The unit is
 * the one of the tenant record linked to the account (decision 0011), never an id the caller
 * sent. The request is a work order like the landlord's filing: New, filed by this account,
 * naming the tenant, with its audit event and up to 5 photos the tenant sent (checked by
 * content like the landlord's); the unit's landlord is notified in the app.
 */
export async function fileTenantRequest(
  ctx: Context,
  body: PortalRequestBody,
): Promise<PortalWorkOrder> {
  requireTenantRole(ctx.actor, PORTAL_TENANTS_ONLY);
  const tenancy = await findTenancyOfAccount(ctx.tx, ctx.actor);
  if (!tenancy) throw conflict('portal.not_linked', PORTAL_NOT_LINKED);
  const { tenant, unit, property } = tenancy;
  if (tenant.movedOutOn !== null) throw conflict('portal.moved_out', PORTAL_MOVED_OUT);

  const order = await insertWorkOrder(ctx, { ...body, unitId: unit.id, tenantId: tenant.id });
  await notify(ctx, {
    userId: property.userId,
    key: `work-order-requested:${order.id}`,
    kind: 'work-orders.requested',
    title: `New maintenance request: ${order.title}`,
    body:
      `${tenant.firstName} ${tenant.lastName}, unit ${unit.unitNumber} of ${property.name}: ` +
      `${order.priority}, ${order.category}, ${order.location ?? ''}.`,
    link: `/work-orders/${order.id}`,
  });
  return {
    id: order.id,
    title: order.title,
    status: order.status as WorkOrderStatus,
    priority: order.priority as MaintenancePriority,
    createdAt: order.filedAt.toISOString(),
  };
}
