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

/**
 * What an applicant asks the listing for (docs/product.md section 16), as the page's address
 * and the list call both write it: the search text and the filters, each empty when unset.
 */
export interface CatalogueQuery {
  q: string;
  beds: string;
  baths: string;
  minRent: string;
  maxRent: string;
  city: string;
  rented: boolean;
}

export const EMPTY_CATALOGUE_QUERY: CatalogueQuery = {
  q: '',
  beds: '',
  baths: '',
  minRent: '',
  maxRent: '',
  city: '',
  rented: false,
};

/** '$1,300' and '1300' are 1300; what is not an amount is no filter at all. */
const amount = (typed: string) => {
  const value = Number(typed.replace(/[$,\s]/g, ''));
  return typed.trim() && Number.isFinite(value) && value >= 0 ? String(value) : '';
};

/** The query's parameters, in the names of the list call and of the page's address. */
export function catalogueParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q.trim();
  if (q) params.set('q', q);
  if (query.beds) params.set('beds', query.beds);
  if (query.baths) params.set('baths', query.baths);
  const minRent = amount(query.minRent);
  if (minRent) params.set('minRent', minRent);
  const maxRent = amount(query.maxRent);
  if (maxRent) params.set('maxRent', maxRent);
  const city = query.city.trim();
  if (city) params.set('city', city);
  if (query.rented) params.set('rented', 'true');
  return params;
}

/** The query a page's address asks for ('?beds=2&city=Boise'). */
export function catalogueQueryOf(search: string): CatalogueQuery {
  const params = new URLSearchParams(search);
  const text = (name: string) => params.get(name) ?? '';
  return {
    q: text('q'),
    beds: text('beds'),
    baths: text('baths'),
    minRent: text('minRent'),
    maxRent: text('maxRent'),
    city: text('city'),
    rented: params.get('rented') === 'true',
  };
}

/** The address of one page of the public catalogue (the server renders the first one too). */
export function publicPropertiesUrl(query: CatalogueQuery | string, offset: number): string {
  const params = catalogueParams(
    typeof query === 'string' ? { ...EMPTY_CATALOGUE_QUERY, q: query } : query,
  );
  params.set('include', 'units');
  params.set('limit', String(BROWSER_PAGE_SIZE));
  params.set('offset', String(offset));
  return `/api/properties?${params.toString()}`;
}

/** Reads a page's total from the X-Total-Count header the list call answers with. */
export function toPropertyPage(items: Property[], totalHeader: string | null, offset: number) {
  const total = Number(totalHeader);
  return { items, total: Number.isFinite(total) ? total : items.length, offset };
}

async function fetchPage(search: CatalogueQuery, offset: number, signal: AbortSignal) {
  const { data, headers } = await apiRequest<Property[]>(
    'GET',
    publicPropertiesUrl(search, offset),
    undefined,
    signal,
  );
  return toPropertyPage(data, headers.get('X-Total-Count'), offset);
}

interface Loaded {
  /** The query these pages answer, as its parameters. */
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
export function usePublicCatalogue(
  query: CatalogueQuery,
  initialPage?: PropertyPage,
): PublicCatalogue {
  const search = catalogueParams(query).toString();
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    initialPage ? { search: '', pages: [initialPage], error: null } : null,
  );
  const queryRef = useRef(query);
  queryRef.current = query;
  const [fetchingMore, setFetchingMore] = useState(false);
  const moreRequest = useRef<AbortController | null>(null);
  const current = loaded?.search === search ? loaded : null;
  const isLoaded = current !== null;

  useEffect(() => {
    if (isLoaded) return;
    const controller = new AbortController();
    moreRequest.current?.abort();
    fetchPage(queryRef.current, 0, controller.signal).then(
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
    fetchPage(query, loadedEnd, controller.signal)
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
