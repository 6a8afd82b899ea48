import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Staff } from '../../../../shared/schemas/staff';
import { api } from '../../../lib/api-client';

/** Every staff key starts with 'staff', so one invalidation refreshes them all. */
export const staffQueryOptions = {
  list: () =>
    queryOptions({
      queryKey: ['staff', 'list'],
      queryFn: ({ signal }) => api.get<Staff[]>('/api/staff', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['staff', 'detail', id],
      queryFn: ({ signal }) => api.get<Staff>(`/api/staff/${id}`, signal),
      retry: false,
    }),
};

export const useStaffList = () => useQuery(staffQueryOptions.list());
export const useStaffMember = (id: number | undefined) =>
  useQuery({ ...staffQueryOptions.detail(id ?? 0), enabled: id !== undefined });
