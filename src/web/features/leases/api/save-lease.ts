import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lease, LeaseBody } from '../../../../shared/schemas/leases';
import { api } from '../../../lib/api-client';

export type SaveLeaseInput = { id?: number | undefined; body: LeaseBody };

/** POST for a new lease, PUT for an edit (SPEC section 7). */
export const saveLease = ({ id, body }: SaveLeaseInput) =>
  id === undefined ? api.post<Lease>('/api/leases', body) : api.put<Lease>(`/api/leases/${id}`, body);

export function useSaveLease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLease,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leases'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
