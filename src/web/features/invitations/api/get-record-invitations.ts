import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { InvitationList } from '../../../../shared/schemas/invitations';

/** The records an invitation links an account to, as their API paths name them. */
export type InvitedRecord = 'tenants' | 'staff';

export const recordInvitationsQueryOptions = (record: InvitedRecord, id: number) =>
  queryOptions({
    queryKey: queryKeys.invitations.ofRecord(record, id),
    queryFn: ({ signal }) => api.get<InvitationList>(`/api/${record}/${id}/invitations`, signal),
  });

/** A tenant's or staff member's linked account and invitations, newest first. */
export const useInvitationList = (record: InvitedRecord, id: number) =>
  useQuery(recordInvitationsQueryOptions(record, id));
