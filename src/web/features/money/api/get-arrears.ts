import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrearsResponse, ArrearsRow } from '../../../../shared/schemas/money-reports';
import { apiRequest, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export interface ArrearsPage extends Omit<ArrearsResponse, 'leases'> {
  /** The page's leases and the exact total (X-Total-Count), as every list screen reads them. */
  page: Page<ArrearsRow>;
}

async function getArrears(query: ListQuery, signal: AbortSignal): Promise<ArrearsPage> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const { data, headers } = await apiRequest<ArrearsResponse>(
    'GET',
    `/api/arrears?${search.toString()}`,
    undefined,
    signal,
  );
  const total = Number(headers.get('X-Total-Count'));
  const { leases, ...rest } = data;
  return {
    ...rest,
    page: { rows: leases, total: Number.isFinite(total) ? total : data.leasesInArrears },
  };
}

export const arrearsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...queryKeys.money.lists(), 'arrears', query],
    queryFn: ({ signal }) => getArrears(query, signal),
    placeholderData: keepPreviousData,
  });

export const useArrears = (query: ListQuery) => useQuery(arrearsQueryOptions(query));
