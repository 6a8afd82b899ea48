import type { Tenant, TenantBody } from '../../../../shared/schemas/tenants';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type SaveTenantInput = { id?: number | undefined; body: TenantBody };

/** POST for a new tenant, PUT for an edit (docs/product.md section 7). */
export const saveTenant = ({ id, body }: SaveTenantInput) =>
  id === undefined
    ? api.post<Tenant>('/api/tenants', body)
    : api.put<Tenant>(`/api/tenants/${id}`, body);

/** Placing, moving or removing a tenant changes unit statuses too (docs/decisions/0004). */
export const useSaveTenant = () =>
  useChangingMutation({ mutationFn: saveTenant, changes: ['tenant', 'lease', 'unit'] });
