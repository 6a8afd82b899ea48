import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Properties per page: enough to fill a screen, small enough to come back fast at any size. */
export const BROWSER_PAGE_SIZE = 12;

export interface PropertyPage {
  items: Property[];
  total: number;
  offset: number;
}

async function fetchPage(
  search: string,
  offset: number,
  signal: AbortSignal,
): Promise<PropertyPage> {
  const params = new URLSearchParams({
    include: 'units',
    limit: String(BROWSER_PAGE_SIZE),
    offset: String(offset),
  });
  if (search) params.set('q', search);
  const { data, headers } = await apiRequest<Property[]>(
    'GET',
    `/api/properties?${params.toString()}`,
    undefined,
    signal,
  );
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length, offset };
}

/** The public catalogue, searched in the database and read page by page. */
export const publicPropertiesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.properties.all, 'public', { q: search }],
    queryFn: ({ pageParam, signal }) => fetchPage(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

export const usePublicProperties = (search: string) =>
  useInfiniteQuery(publicPropertiesQueryOptions(search));
