import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from '../../shared/schemas/paging';
import { useSearchParamsUpdate } from './search-params-update';

/** Rows per screen page: the first rows come back fast at any list size. */
export const PAGE_SIZE = 25;

export interface ListParams<SortKey extends string, Filter extends string> {
  /** 1-based page number. */
  page: number;
  q: string;
  sort: SortKey | undefined;
  order: SortOrder;
  filters: Partial<Record<Filter, string>>;
  /** What the list call sends: limit, offset, q, sort, order and the filters. */
  query: Record<string, string | number | undefined>;
  setPage(page: number): void;
  setSort(sort: SortKey | undefined, order: SortOrder): void;
  /** Changes the search or a filter, and goes back to the first page. */
  setFilter(name: 'q' | Filter, value: string): void;
  /** Clears the search and every filter. */
  clearFilters(): void;
}

/**
 * A list's page, search, sort and filters, kept in the address: a link (or Back) reproduces the
 * view. Unknown sort keys in a hand-edited address are ignored rather than sent.
 */
export function useListParams<SortKey extends string, Filter extends string = never>(
  sortKeys: readonly SortKey[],
  filterNames: readonly Filter[] = [],
): ListParams<SortKey, Filter> {
  const [params] = useSearchParams();

  const update = useSearchParamsUpdate();

  return useMemo(() => {
    const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
    const rawSort = params.get('sort');
    const sort = sortKeys.find((key) => key === rawSort);
    const order: SortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
    const q = params.get('q') ?? '';
    const filters: Partial<Record<Filter, string>> = {};
    for (const name of filterNames) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    return {
      page,
      q,
      sort,
      order,
      filters,
      query: {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
        q: q.trim() || undefined,
        sort,
        order: sort ? order : undefined,
        ...filters,
      },
      setPage: (next) => update({ page: next > 1 ? String(next) : undefined }),
      setSort: (nextSort, nextOrder) =>
        update({ sort: nextSort, order: nextSort ? nextOrder : undefined, page: undefined }),
      setFilter: (name, value) => update({ [name]: value, page: undefined }),
      clearFilters: () =>
        update(Object.fromEntries(['q', 'page', ...filterNames].map((name) => [name, undefined]))),
    };
  }, [params, sortKeys, filterNames, update]);
}
