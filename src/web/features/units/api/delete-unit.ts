import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const deleteUnit = (id: number) => api.delete(`/api/units/${id}`);

export const useDeleteUnit = () =>
  useChangingMutation({ mutationFn: deleteUnit, changes: ['unit'] });
