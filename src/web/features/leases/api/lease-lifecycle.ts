import type { Lease, MoveOutBody, RenewLeaseBody } from '../../../../shared/schemas/leases';
import type { Tenant } from '../../../../shared/schemas/tenants';
import type { Unit } from '../../../../shared/schemas/units';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const renewLease = ({ id, body }: { id: number; body: RenewLeaseBody }) =>
  api.post<Lease>(`/api/leases/${id}/renew`, body);

export const moveOutTenant = ({ tenantId, body }: { tenantId: number; body: MoveOutBody }) =>
  api.post<Tenant>(`/api/tenants/${tenantId}/move-out`, body);

/** What a new lease is prefilled from: the tenant, and the rent of the unit they live in. */
export async function fetchLeasePrefill(tenantId: number) {
  const tenant = await api.get<Tenant>(`/api/tenants/${tenantId}`);
  const unit = await api.get<Unit>(`/api/units/${tenant.unitId}`);
  return { tenant, rent: unit.rent };
}

/** Renewal and move-out change leases, the tenancy and the unit's status. */
export const useRenewLease = () =>
  useChangingMutation({ mutationFn: renewLease, changes: ['lease', 'tenant', 'unit'] });
export const useMoveOutTenant = () =>
  useChangingMutation({ mutationFn: moveOutTenant, changes: ['lease', 'tenant', 'unit'] });
