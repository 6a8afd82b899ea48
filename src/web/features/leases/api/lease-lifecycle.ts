import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lease, MoveOutBody, RenewLeaseBody } from '../../../../shared/schemas/leases';
import type { Tenant } from '../../../../shared/schemas/tenants';
import type { Unit } from '../../../../shared/schemas/units';
import { api } from '../../../lib/api-client';

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

/** Renewal and move-out change leases, tenants, the unit's status and the dashboard's figures. */
function useLifecycleMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        ['leases', 'tenants', 'units', 'properties', 'dashboard'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const useRenewLease = () => useLifecycleMutation(renewLease);
export const useMoveOutTenant = () => useLifecycleMutation(moveOutTenant);
