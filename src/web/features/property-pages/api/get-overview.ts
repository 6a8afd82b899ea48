import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyOverview, UnitOverview } from '../../../../shared/schemas/overview';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/*
 * A page gathers what other screens change (units, tenants, leases, work orders), so it is
 * read afresh each time it opens rather than trusted from the cache.
 */
export const overviewQueryOptions = {
  property: (id: number) =>
    queryOptions({
      queryKey: queryKeys.overview.property(id),
      queryFn: ({ signal }) => api.get<PropertyOverview>(`/api/properties/${id}/overview`, signal),
      staleTime: 0,
    }),
  unit: (id: number) =>
    queryOptions({
      queryKey: queryKeys.overview.unit(id),
      queryFn: ({ signal }) => api.get<UnitOverview>(`/api/units/${id}/overview`, signal),
      staleTime: 0,
    }),
};

export const usePropertyOverview = (id: number) => useQuery(overviewQueryOptions.property(id));
export const useUnitOverview = (id: number) => useQuery(overviewQueryOptions.unit(id));
