import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Lease, LeaseListItem } from '../../../../shared/schemas/leases';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const leasesQueryOptions = {
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.leases.list(query),
      queryFn: ({ signal }) => getPage<LeaseListItem>('/api/leases', query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.leases.detail(id),
      queryFn: ({ signal }) => api.get<Lease>(`/api/leases/${id}`, signal),
      retry: false,
    }),
};

export const useLeasesPage = (query: ListQuery) => useQuery(leasesQueryOptions.list(query));
export const useLease = (id: number | undefined) =>
  useQuery({ ...leasesQueryOptions.detail(id ?? 0), enabled: id !== undefined });
