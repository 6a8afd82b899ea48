import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../shared/schemas/search';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.of(q),
    queryFn: ({ signal }) =>
      api.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, signal),
    enabled: q.length > 0,
    // The previous answer stays while the next keystroke's loads, so the list does not flash.
    placeholderData: keepPreviousData,
  });

export const useSearch = (q: string) => useQuery(searchQueryOptions(q));
