import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const ACCOUNTS_PAGE_SIZE = 25;

export const accountsQueryOptions = {
  page: (q: string, page: number) =>
    queryOptions({
      queryKey: queryKeys.accounts.page(q, page),
      queryFn: async ({ signal }) => {
        const params = new URLSearchParams({
          limit: String(ACCOUNTS_PAGE_SIZE),
          offset: String((page - 1) * ACCOUNTS_PAGE_SIZE),
        });
        if (q) params.set('q', q);
        const { data, headers } = await apiRequest<Account[]>(
          'GET',
          `/api/accounts?${params.toString()}`,
          undefined,
          signal,
        );
        return { accounts: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
      },
      // The current page stays on screen while the next one (or a new search) loads.
      placeholderData: keepPreviousData,
    }),
};

export const useAccountsPage = (q: string, page: number) =>
  useQuery(accountsQueryOptions.page(q, page));
