import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ledger } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const ledgerQueryOptions = (leaseId: number) =>
  queryOptions({
    queryKey: queryKeys.ledger.detail(leaseId),
    queryFn: ({ signal }) => api.get<Ledger>(`/api/leases/${leaseId}/ledger`, signal),
    // A 404 (not this landlord's lease) will not turn into a 200 by asking again.
    retry: false,
  });

/** Nothing is asked for an address whose id is not a number (/leases/abc/ledger). */
export const useLedger = (leaseId: number | undefined) =>
  useQuery({ ...ledgerQueryOptions(leaseId ?? 0), enabled: leaseId !== undefined });
