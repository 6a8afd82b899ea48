import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const deleteStaff = (id: number) => api.delete(`/api/staff/${id}`);

export const useDeleteStaff = () =>
  useChangingMutation({ mutationFn: deleteStaff, changes: ['staff'] });
