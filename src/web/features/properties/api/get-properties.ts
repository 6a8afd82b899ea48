import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import { api } from '../../../lib/api-client';

/** Every properties key starts with 'properties', so one invalidation refreshes them all. */
export const propertiesQueryOptions = {
  /** The caller's own properties (Landlord) or every property (Admin). */
  mine: () =>
    queryOptions({
      queryKey: ['properties', 'mine'],
      queryFn: ({ signal }) => api.get<Property[]>('/api/properties?mine=true', signal),
    }),
};

export const useMyProperties = () => useQuery(propertiesQueryOptions.mine());
