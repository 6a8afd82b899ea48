import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteLease = (id: number) => api.delete(`/api/leases/${id}`);

export function useDeleteLease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLease,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leases'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
