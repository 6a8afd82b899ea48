import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Staff, StaffListItem } from '../../../../shared/schemas/staff';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const staffQueryOptions = {
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.staff.list(query),
      queryFn: ({ signal }) => getPage<StaffListItem>('/api/staff', query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.staff.detail(id),
      queryFn: ({ signal }) => api.get<Staff>(`/api/staff/${id}`, signal),
      retry: false,
    }),
};

export const useStaffPage = (query: ListQuery) => useQuery(staffQueryOptions.list(query));
export const useStaffMember = (id: number | undefined) =>
  useQuery({ ...staffQueryOptions.detail(id ?? 0), enabled: id !== undefined });
