import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lease } from '../../../../shared/schemas/leases';
import { api } from '../../../lib/api-client';

/** Every leases key starts with 'leases', so one invalidation refreshes them all. */
export const leasesQueryOptions = {
  list: () =>
    queryOptions({
      queryKey: ['leases', 'list'],
      queryFn: ({ signal }) => api.get<Lease[]>('/api/leases', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['leases', 'detail', id],
      queryFn: ({ signal }) => api.get<Lease>(`/api/leases/${id}`, signal),
      retry: false,
    }),
};

export const useLeases = () => useQuery(leasesQueryOptions.list());
export const useLease = (id: number | undefined) =>
  useQuery({ ...leasesQueryOptions.detail(id ?? 0), enabled: id !== undefined });
