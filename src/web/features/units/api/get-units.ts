import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Unit, UnitListItem } from '../../../../shared/schemas/units';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const unitsQueryOptions = {
  /** One page of the caller's units (every unit for an Admin), as the list screen asks. */
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.units.list(query),
      queryFn: ({ signal }) => getPage<UnitListItem>('/api/units?mine=true', query, signal),
      // The current rows stay on screen while the next page, sort or search loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.units.detail(id),
      queryFn: ({ signal }) => api.get<Unit>(`/api/units/${id}`, signal),
      retry: false,
    }),
};

export const useUnitsPage = (query: ListQuery) => useQuery(unitsQueryOptions.list(query));
export const useUnit = (id: number | undefined) =>
  useQuery({ ...unitsQueryOptions.detail(id ?? 0), enabled: id !== undefined });
