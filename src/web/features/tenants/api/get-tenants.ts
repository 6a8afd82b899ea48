import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import type { Tenant } from '../../../../shared/schemas/tenants';
import { api } from '../../../lib/api-client';

/** Every tenants key starts with 'tenants', so one invalidation refreshes them all. */
export const tenantsQueryOptions = {
  list: () =>
    queryOptions({
      queryKey: ['tenants', 'list'],
      queryFn: ({ signal }) => api.get<Tenant[]>('/api/tenants', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['tenants', 'detail', id],
      queryFn: ({ signal }) => api.get<Tenant>(`/api/tenants/${id}`, signal),
      retry: false,
    }),
};

export const useTenants = () => useQuery(tenantsQueryOptions.list());
export const useTenant = (id: number | undefined) =>
  useQuery({ ...tenantsQueryOptions.detail(id ?? 0), enabled: id !== undefined });

/**
 * The caller's properties with their units, for the unit choices of the tenant form. Its
 * key starts with 'properties' so that saving a unit or property refreshes it too.
 */
export const unitChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['properties', 'mine', 'with-units'],
    queryFn: ({ signal }) => api.get<Property[]>('/api/properties?mine=true&include=units', signal),
  });

export const useUnitChoices = () => useQuery(unitChoicesQueryOptions());
