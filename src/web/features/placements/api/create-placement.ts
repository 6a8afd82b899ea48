import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Placement, PlacementBody } from '../../../../shared/schemas/placements';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Tenant, lease, deposit received and invitation in one call (docs/product.md section 13). */
export function useCreatePlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementBody) => api.post<Placement>('/api/placements', body),
    // A placement changes what a tenant change and a lease change do (unit statuses, lists).
    onSuccess: () =>
      Promise.all(
        (
          [
            'tenants',
            'leases',
            'units',
            'properties',
            'dashboard',
            'applications',
            'deposits',
          ] as const
        ).map((feature) => queryClient.invalidateQueries({ queryKey: queryKeys[feature].all })),
      ),
  });
}
