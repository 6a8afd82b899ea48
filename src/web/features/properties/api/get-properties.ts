import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const propertiesQueryOptions = {
  /** One page of the caller's own properties (Landlord) or of every property (Admin). */
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.properties.list(query),
      queryFn: ({ signal }) => getPage<Property>('/api/properties?mine=true', query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.properties.detail(id),
      queryFn: ({ signal }) => api.get<Property>(`/api/properties/${id}`, signal),
      retry: false,
    }),
};

export const usePropertiesPage = (query: ListQuery) => useQuery(propertiesQueryOptions.list(query));
