import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrearsResponse, ArrearsRow } from '../../../../shared/schemas/money-reports';
import { MAX_PAGE_SIZE } from '../../../../shared/schemas/paging';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every lease that owes something today (the arrears list, every page), by property then unit:
 * the rows of the receive-payments screen.
 */
async function getOpenBalances(signal: AbortSignal): Promise<ArrearsRow[]> {
  const rows: ArrearsRow[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const search = new URLSearchParams({
      sort: 'property',
      limit: String(MAX_PAGE_SIZE),
      offset: String(offset),
    });
    const { data } = await apiRequest<ArrearsResponse>(
      'GET',
      `/api/arrears?${search.toString()}`,
      undefined,
      signal,
    );
    rows.push(...data.leases);
    if (data.leases.length < MAX_PAGE_SIZE || rows.length >= data.leasesInArrears) return rows;
  }
}

export const openBalancesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.money.lists(), 'open-balances'],
    queryFn: ({ signal }) => getOpenBalances(signal),
  });

export const useOpenBalances = () => useQuery(openBalancesQueryOptions());
