import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BooksSummary } from '../../../../shared/schemas/reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const booksSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.money.all, 'books-summary'],
    queryFn: ({ signal }) => api.get<BooksSummary>('/api/reports/books-summary', signal),
  });

export const useBooksSummary = () => useQuery(booksSummaryQueryOptions());
