import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalWorkOrderDetail } from '../../../../shared/schemas/portal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of the tenant's requests: status, photos and the notes shared with them. */
export const portalRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.portal.request(id),
    queryFn: ({ signal }) => api.get<PortalWorkOrderDetail>(`/api/portal/requests/${id}`, signal),
    retry: false,
    // The landlord and the worker move it on from elsewhere: each visit asks again.
    staleTime: 0,
  });

export const usePortalRequest = (id: number) => useQuery(portalRequestQueryOptions(id));
