import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyQueryOptions } from '../../../components/history-panel';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Invitation } from '../../../../shared/schemas/invitations';
import type { InvitedRecord } from './get-record-invitations';

/** Withdraws a pending invitation of the record: its link stops working. */
export function useRevokeInvitation(record: InvitedRecord, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      api.post<Invitation>(`/api/invitations/${invitationId}/revoke`),
    // A refusal (accepted or expired meanwhile) also means the list is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invitations.ofRecord(record, id) }),
        queryClient.invalidateQueries({ queryKey: historyQueryOptions(record, id).queryKey }),
      ]),
  });
}
