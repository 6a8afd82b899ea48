import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reconciliation } from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const reconciliationQueryOptions = (accountId: number, month: string) =>
  queryOptions({
    queryKey: [...queryKeys.bank.detail(accountId), 'reconciliation', month],
    queryFn: ({ signal }) =>
      api.get<Reconciliation>(
        `/api/bank-accounts/${accountId}/reconciliation?month=${month}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useReconciliation = (accountId: number, month: string) =>
  useQuery(reconciliationQueryOptions(accountId, month));
