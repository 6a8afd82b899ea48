import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '../../../../shared/schemas/money-reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Empty bounds are left to the server: the month up to today. */
export const statementQueryOptions = (leaseId: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...queryKeys.money.details(), 'statement', leaseId, { from, to }],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (from) search.set('from', from);
      if (to) search.set('to', to);
      const query = search.toString();
      return api.get<Statement>(
        `/api/leases/${leaseId}/statement${query ? `?${query}` : ''}`,
        signal,
      );
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useStatement = (leaseId: number | undefined, from: string, to: string) =>
  useQuery({ ...statementQueryOptions(leaseId ?? 0, from, to), enabled: leaseId !== undefined });
