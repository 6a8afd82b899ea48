import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaseDeposit } from '../../../../shared/schemas/deposits';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const leaseDepositQueryOptions = (leaseId: number) =>
  queryOptions({
    queryKey: queryKeys.deposits.detail(leaseId),
    queryFn: ({ signal }) => api.get<LeaseDeposit>(`/api/leases/${leaseId}/deposit`, signal),
    retry: false,
  });

export const useLeaseDeposit = (leaseId: number) => useQuery(leaseDepositQueryOptions(leaseId));
