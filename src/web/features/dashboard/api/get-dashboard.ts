import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse, DashboardSection } from '../../../../shared/schemas/dashboard';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The first card's figures: a few hundred bytes, asked for on their own so that they show
 * without waiting for the property cards (a card per property) or any other call.
 */
const SUMMARY_SECTIONS: DashboardSection[] = ['summary'];
/** The rest of the first screen: the property cards and the leases ending soon. */
const OVERVIEW_SECTIONS: DashboardSection[] = ['properties', 'leasesEndingSoon'];
/** What an expanded property card asks for. */
const PROPERTY_SECTIONS: DashboardSection[] = ['units', 'leases', 'owners'];

function dashboardPath(sections: DashboardSection[], propertyId?: number): string {
  const params = new URLSearchParams({ sections: sections.join(',') });
  if (propertyId !== undefined) params.set('propertyId', String(propertyId));
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
      queryFn: ({ signal }) => api.get<DashboardResponse>(dashboardPath(OVERVIEW_SECTIONS), signal),
    }),
  property: (propertyId: number) =>
    queryOptions({
      queryKey: [...queryKeys.dashboard.all, 'property', propertyId],
      queryFn: ({ signal }) =>
        api.get<DashboardResponse>(dashboardPath(PROPERTY_SECTIONS, propertyId), signal),
    }),
};

export const useDashboardSummary = () => useQuery(dashboardQueryOptions.summary());

export const useDashboardOverview = () => useQuery(dashboardQueryOptions.overview());

export const useDashboardProperty = (propertyId: number) =>
  useQuery(dashboardQueryOptions.property(propertyId));
