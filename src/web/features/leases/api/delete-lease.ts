import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const deleteLease = (id: number) => api.delete(`/api/leases/${id}`);

export const useDeleteLease = () =>
  useChangingMutation({ mutationFn: deleteLease, changes: ['lease'] });
