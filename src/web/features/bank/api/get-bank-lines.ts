import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BankLine } from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LineStatus = 'all' | 'unmatched' | 'matched';

export const bankLinesQueryOptions = (accountId: number, month: string, status: LineStatus) =>
  queryOptions({
    queryKey: [...queryKeys.bank.detail(accountId), 'lines', { month, status }],
    queryFn: ({ signal }) =>
      api.get<BankLine[]>(
        `/api/bank-accounts/${accountId}/lines?${new URLSearchParams({ month, status })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useBankLines = (accountId: number, month: string, status: LineStatus) =>
  useQuery(bankLinesQueryOptions(accountId, month, status));
