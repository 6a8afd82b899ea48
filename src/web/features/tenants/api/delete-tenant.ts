import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const deleteTenant = (id: number) => api.delete(`/api/tenants/${id}`);

/** Removing a tenant frees the unit and takes its leases (docs/decisions/0004). */
export const useDeleteTenant = () =>
  useChangingMutation({ mutationFn: deleteTenant, changes: ['tenant', 'lease', 'unit'] });
