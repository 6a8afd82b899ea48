import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteLease = (id: number) => api.delete(`/api/leases/${id}`);

export function useDeleteLease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLease,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leases.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
