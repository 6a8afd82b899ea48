import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { DashboardResponse, DashboardSection } from '../../../../shared/schemas/dashboard';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The first card's figures: a few hundred bytes, asked for on their own so that they show
 * without waiting for the property cards (a card per property) or any other call.
 */
const SUMMARY_SECTIONS: DashboardSection[] = ['summary'];
/**
 * The rest of the first screen: the first page of property cards, the rent chart's top
 * properties and the leases ending soon; a few kilobytes however large the portfolio.
 */
const OVERVIEW_SECTIONS: DashboardSection[] = [
  'properties',
  'topPropertiesByRent',
  'leasesEndingSoon',
];
/** What an expanded property card asks for. */
const PROPERTY_SECTIONS: DashboardSection[] = ['units', 'leases', 'owners'];
/** Property cards per page: the overview brings the first, 'Show more' each next one. */
const CARDS_PER_PAGE = 20;

interface PathOptions {
  propertyId?: number;
  propertyLimit?: number;
  propertyOffset?: number;
}

function dashboardPath(sections: DashboardSection[], options: PathOptions = {}): string {
  const params = new URLSearchParams({ sections: sections.join(',') });
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return `/api/landlord/dashboard?${params.toString()}`;
}

/** One resource, two views of it: every key starts with 'dashboard' so one invalidation refreshes both. */
export const dashboardQueryOptions = {
  summary: () =>
    queryOptions({
      queryKey: [...queryKeys.dashboard.all, 'summary'],
      queryFn: ({ signal }) => api.get<DashboardResponse>(dashboardPath(SUMMARY_SECTIONS), signal),
    }),
  overview: () =>
    queryOptions({
      queryKey: [...queryKeys.dashboard.all, 'overview'],
      queryFn: ({ signal }) =>
        api.get<DashboardResponse>(
          dashboardPath(OVERVIEW_SECTIONS, { propertyLimit: CARDS_PER_PAGE }),
          signal,
        ),
    }),
  /** The property cards after the overview's first page, a page per 'Show more'. */
  moreCards: () =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.dashboard.all, 'more-cards'],
      initialPageParam: CARDS_PER_PAGE,
      queryFn: ({ pageParam, signal }) =>
        api.get<DashboardResponse>(
          dashboardPath(['properties'], {
            propertyLimit: CARDS_PER_PAGE,
            propertyOffset: pageParam,
          }),
          signal,
        ),
      getNextPageParam: (page, _pages, offset) =>
        (page.properties?.length ?? 0) < CARDS_PER_PAGE ? undefined : offset + CARDS_PER_PAGE,
    }),
  property: (propertyId: number) =>
    queryOptions({
      queryKey: [...queryKeys.dashboard.all, 'property', propertyId],
      queryFn: ({ signal }) =>
        api.get<DashboardResponse>(dashboardPath(PROPERTY_SECTIONS, { propertyId }), signal),
    }),
};

export const useDashboardSummary = () => useQuery(dashboardQueryOptions.summary());

export const useDashboardOverview = () => useQuery(dashboardQueryOptions.overview());

/** Asked only once the landlord wants more than the first page. */
export const useMoreDashboardCards = (enabled: boolean) =>
  useInfiniteQuery({ ...dashboardQueryOptions.moreCards(), enabled });

export const useDashboardProperty = (propertyId: number) =>
  useQuery(dashboardQueryOptions.property(propertyId));
