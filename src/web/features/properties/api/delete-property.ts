import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const deleteProperty = (id: number) => api.delete(`/api/properties/${id}`);

export const useDeleteProperty = () =>
  useChangingMutation({ mutationFn: deleteProperty, changes: ['property'] });
