import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyQueryOptions } from '../../../components/history-panel';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreatedInvitation } from '../../../../shared/schemas/invitations';
import type { InvitedRecord } from './get-record-invitations';

/** A new one-time link for the record; the answer is the only time its code is shown. */
export function useCreateInvitation(record: InvitedRecord, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedInvitation>(`/api/${record}/${id}/invitations`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invitations.ofRecord(record, id) }),
        queryClient.invalidateQueries({ queryKey: historyQueryOptions(record, id).queryKey }),
      ]),
  });
}
