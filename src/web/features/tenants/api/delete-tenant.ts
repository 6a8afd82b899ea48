import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateTenancy } from './save-tenant';

export const deleteTenant = (id: number) => api.delete(`/api/tenants/${id}`);

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTenant, onSuccess: () => invalidateTenancy(queryClient) });
}
