import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerFeatures } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What this server offers, such as password reset by email; it changes only with a restart. */
export const featuresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.features,
    queryFn: ({ signal }) => api.get<ServerFeatures>('/api/features', signal),
    staleTime: Infinity,
    retry: 1,
  });

export const useServerFeatures = () => useQuery(featuresQueryOptions());
