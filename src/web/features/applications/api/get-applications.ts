import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../shared/schemas/applications';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const applicationsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.applications.list(query),
    queryFn: ({ signal }) => getPage<Application>('/api/applications', query, signal),
    placeholderData: keepPreviousData,
  });

export const useApplicationsPage = (query: ListQuery) => useQuery(applicationsQueryOptions(query));
