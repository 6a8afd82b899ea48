import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositRegisterItem } from '../../../../shared/schemas/deposits';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const depositsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.deposits.list(query),
    queryFn: ({ signal }) => getPage<DepositRegisterItem>('/api/deposits', query, signal),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (query: ListQuery) => useQuery(depositsQueryOptions(query));
