import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tenant, TenantBody } from '../../../../shared/schemas/tenants';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SaveTenantInput = { id?: number | undefined; body: TenantBody };

/** POST for a new tenant, PUT for an edit (docs/product.md section 7). */
export const saveTenant = ({ id, body }: SaveTenantInput) =>
  id === undefined
    ? api.post<Tenant>('/api/tenants', body)
    : api.put<Tenant>(`/api/tenants/${id}`, body);

/** Placing, moving or removing a tenant changes unit statuses too (docs/decisions/0004). */
export function invalidateTenancy(queryClient: QueryClient) {
  return Promise.all(
    (['tenants', 'leases', 'units', 'properties', 'dashboard', 'applications'] as const).map(
      (feature) => queryClient.invalidateQueries({ queryKey: queryKeys[feature].all }),
    ),
  );
}

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTenant, onSuccess: () => invalidateTenancy(queryClient) });
}
