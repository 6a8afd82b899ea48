import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application } from '../../../../shared/schemas/applications';
import type { Tenant } from '../../../../shared/schemas/tenants';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const approveApplication = (id: number) =>
  api.post<Tenant>(`/api/applications/${id}/approve`);
export const rejectApplication = (id: number) =>
  api.post<Application>(`/api/applications/${id}/reject`);

/** Approving places a tenant and lets the unit: tenants, units and the dashboard change too. */
export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    onSettled: () =>
      Promise.all(
        (['applications', 'tenants', 'units', 'properties', 'dashboard'] as const).map((feature) =>
          queryClient.invalidateQueries({ queryKey: queryKeys[feature].all }),
        ),
      ),
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}
