import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RentRollRow } from '../../../../shared/schemas/money-reports';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const rentRollQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...queryKeys.money.lists(), 'rent-roll', query],
    queryFn: ({ signal }) => getPage<RentRollRow>('/api/rent-roll', query, signal),
    placeholderData: keepPreviousData,
  });

export const useRentRoll = (query: ListQuery) => useQuery(rentRollQueryOptions(query));

/** The CSV of the same view: the list's search, sort and filters, every row (no paging). */
export function rentRollCsvHref(query: ListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'limit' || key === 'offset') continue;
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `/api/rent-roll.csv?${text}` : '/api/rent-roll.csv';
}
