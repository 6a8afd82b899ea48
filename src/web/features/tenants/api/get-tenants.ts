import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListItem } from '../../../../shared/schemas/tenants';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const tenantsQueryOptions = {
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.tenants.list(query),
      queryFn: ({ signal }) => getPage<TenantListItem>('/api/tenants', query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.tenants.detail(id),
      queryFn: ({ signal }) => api.get<Tenant>(`/api/tenants/${id}`, signal),
      retry: false,
    }),
};

export const useTenantsPage = (query: ListQuery) => useQuery(tenantsQueryOptions.list(query));
export const useTenant = (id: number | undefined) =>
  useQuery({ ...tenantsQueryOptions.detail(id ?? 0), enabled: id !== undefined });
