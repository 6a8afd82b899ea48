import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalHome } from '../../../../shared/schemas/portal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The logged-in tenant's home: no id, the server finds the tenancy from the session. */
export const portalHomeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.portal.home(),
    queryFn: ({ signal }) => api.get<PortalHome>('/api/portal/home', signal),
    // The landlord posts charges and payments, and an invitation links the account, from
    // elsewhere: each visit of '/' asks again (showing what it had meanwhile).
    staleTime: 0,
  });

export const usePortalHome = () => useQuery(portalHomeQueryOptions());
