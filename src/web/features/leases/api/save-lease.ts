import type { Lease, LeaseBody } from '../../../../shared/schemas/leases';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type SaveLeaseInput = { id?: number | undefined; body: LeaseBody };

/** POST for a new lease, PUT for an edit (docs/product.md section 7). */
export const saveLease = ({ id, body }: SaveLeaseInput) =>
  id === undefined
    ? api.post<Lease>('/api/leases', body)
    : api.put<Lease>(`/api/leases/${id}`, body);

/** Saving terms posts or reverses charges on the lease's ledger (docs/product.md section 28). */
export const useSaveLease = () =>
  useChangingMutation({ mutationFn: saveLease, changes: ['lease', 'ledger'] });
