import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Unit } from '../../../../shared/schemas/units';
import { api } from '../../../lib/api-client';

/** Every units key starts with 'units', so one invalidation refreshes them all. */
export const unitsQueryOptions = {
  /** Units of the caller's own properties (all units for an Admin). */
  mine: () =>
    queryOptions({
      queryKey: ['units', 'mine'],
      queryFn: ({ signal }) => api.get<Unit[]>('/api/units?mine=true', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['units', 'detail', id],
      queryFn: ({ signal }) => api.get<Unit>(`/api/units/${id}`, signal),
      retry: false,
    }),
};

export const useMyUnits = () => useQuery(unitsQueryOptions.mine());
export const useUnit = (id: number | undefined) =>
  useQuery({ ...unitsQueryOptions.detail(id ?? 0), enabled: id !== undefined });
