import { useEffect, useRef, useState } from 'react';
import type { Property } from '../../../../shared/schemas/properties';
import { apiRequest } from '../../../lib/api-client';

/** Properties per page: enough to fill a screen, small enough to come back fast at any size. */
export const BROWSER_PAGE_SIZE = 12;

export interface PropertyPage {
  items: Property[];
  total: number;
  offset: number;
}

/** The address of one page of the public catalogue (the server renders the first one too). */
export function publicPropertiesUrl(search: string, offset: number): string {
  const params = new URLSearchParams({
    include: 'units',
    limit: String(BROWSER_PAGE_SIZE),
    offset: String(offset),
  });
  if (search) params.set('q', search);
  return `/api/properties?${params.toString()}`;
}

/** Reads a page's total from the X-Total-Count header the list call answers with. */
export function toPropertyPage(items: Property[], totalHeader: string | null, offset: number) {
  const total = Number(totalHeader);
  return { items, total: Number.isFinite(total) ? total : items.length, offset };
}

async function fetchPage(search: string, offset: number, signal: AbortSignal) {
  const { data, headers } = await apiRequest<Property[]>(
    'GET',
    publicPropertiesUrl(search, offset),
    undefined,
    signal,
  );
  return toPropertyPage(data, headers.get('X-Total-Count'), offset);
}

interface Loaded {
  /** The search these pages answer. */
  search: string;
  pages: PropertyPage[];
  error: unknown;
}

export interface PublicCatalogue {
  properties: Property[];
  total: number;
  /** The first page of this search is on its way. */
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
}

/**
 * The public catalogue, searched in the database and read page by page. Plain fetch rather
 * than the SPA's query cache, so that the visitor's lean '/' page (src/web/visitor-main.tsx)
 * runs this same screen without the data library; `initialPage` is the first page of the
 * empty search when the server has rendered it already.
 */
export function usePublicCatalogue(search: string, initialPage?: PropertyPage): PublicCatalogue {
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    initialPage ? { search: '', pages: [initialPage], error: null } : null,
  );
  const [fetchingMore, setFetchingMore] = useState(false);
  const moreRequest = useRef<AbortController | null>(null);
  const current = loaded?.search === search ? loaded : null;
  const isLoaded = current !== null;

  useEffect(() => {
    if (isLoaded) return;
    const controller = new AbortController();
    moreRequest.current?.abort();
    fetchPage(search, 0, controller.signal).then(
      (page) => setLoaded({ search, pages: [page], error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ search, pages: [], error });
      },
    );
    return () => controller.abort();
  }, [search, isLoaded]);

  useEffect(() => () => moreRequest.current?.abort(), []);

  const last = current?.pages.at(-1);
  const loadedEnd = last ? last.offset + last.items.length : 0;
  const hasNextPage = !!last && last.items.length > 0 && loadedEnd < last.total;

  const fetchNextPage = () => {
    if (!hasNextPage || moreRequest.current) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setFetchingMore(true);
    const sameSearch = (state: Loaded | null) => state !== null && state.search === search;
    fetchPage(search, loadedEnd, controller.signal)
      .then(
        (page) =>
          setLoaded((state) =>
            state && sameSearch(state) ? { ...state, pages: [...state.pages, page] } : state,
          ),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setLoaded((state) => (state && sameSearch(state) ? { ...state, error } : state));
        },
      )
      .finally(() => {
        if (moreRequest.current !== controller) return;
        moreRequest.current = null;
        setFetchingMore(false);
      });
  };

  return {
    properties: current?.pages.flatMap((page) => page.items) ?? [],
    total: current?.pages[0]?.total ?? 0,
    isPending: current === null,
    error: current?.error ?? null,
    hasNextPage,
    isFetchingNextPage: fetchingMore,
    fetchNextPage,
  };
}
