import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyOverview, UnitOverview } from '../../../../shared/schemas/overview';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/*
 * A page gathers what other screens change (units, tenants, leases, ledgers, work orders): the
 * overview key is listed under each of those in lib/entity-caches.ts, so their writes refresh it.
 */
export const overviewQueryOptions = {
  property: (id: number) =>
    queryOptions({
      queryKey: queryKeys.overview.property(id),
      queryFn: ({ signal }) => api.get<PropertyOverview>(`/api/properties/${id}/overview`, signal),
    }),
  unit: (id: number) =>
    queryOptions({
      queryKey: queryKeys.overview.unit(id),
      queryFn: ({ signal }) => api.get<UnitOverview>(`/api/units/${id}/overview`, signal),
    }),
};

export const usePropertyOverview = (id: number) => useQuery(overviewQueryOptions.property(id));
export const useUnitOverview = (id: number) => useQuery(overviewQueryOptions.unit(id));
