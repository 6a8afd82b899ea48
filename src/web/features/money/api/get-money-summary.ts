import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneySummary } from '../../../../shared/schemas/money-reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const moneySummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.money.all, 'summary'],
    queryFn: ({ signal }) => api.get<MoneySummary>('/api/money/summary?months=12', signal),
  });

export const useMoneySummary = () => useQuery(moneySummaryQueryOptions());
