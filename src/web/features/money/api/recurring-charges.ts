import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  RecurringCharge,
  RecurringChargeBody,
} from '../../../../shared/schemas/recurring-charges';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

const path = (leaseId: number, chargeId?: number) =>
  `/api/leases/${leaseId}/recurring-charges${chargeId === undefined ? '' : `/${chargeId}`}`;

export const recurringChargesQueryOptions = (leaseId: number) =>
  queryOptions({
    queryKey: queryKeys.recurringCharges.detail(leaseId),
    queryFn: ({ signal }) => api.get<RecurringCharge[]>(path(leaseId), signal),
    retry: false,
  });

export const useRecurringCharges = (leaseId: number) =>
  useQuery(recurringChargesQueryOptions(leaseId));

/** Add (no chargeId), change or end (chargeId), remove (body null): the list and money figures refresh. */
export function useSaveRecurringCharge() {
  return useChangingMutation({
    mutationFn: async ({
      leaseId,
      chargeId,
      body,
    }: {
      leaseId: number;
      chargeId?: number;
      body: RecurringChargeBody | null;
    }) => {
      if (body === null) return api.delete(path(leaseId, chargeId));
      if (chargeId === undefined) return api.post<RecurringCharge>(path(leaseId), body);
      return api.put<RecurringCharge>(path(leaseId, chargeId), body);
    },
    changes: ['recurringCharge'],
  });
}
