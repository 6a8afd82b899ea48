import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lease, LeaseBody } from '../../../../shared/schemas/leases';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SaveLeaseInput = { id?: number | undefined; body: LeaseBody };

/** POST for a new lease, PUT for an edit (docs/product.md section 7). */
export const saveLease = ({ id, body }: SaveLeaseInput) =>
  id === undefined
    ? api.post<Lease>('/api/leases', body)
    : api.put<Lease>(`/api/leases/${id}`, body);

export function useSaveLease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLease,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leases.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
