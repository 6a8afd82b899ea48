import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import type { CreatedInvitation } from '../../../../shared/schemas/invitations';
import type { InvitedRecord } from './get-record-invitations';

/** A new one-time link for the record; the answer is the only time its code is shown. */
export function useCreateInvitation(record: InvitedRecord, id: number) {
  return useChangingMutation({
    mutationFn: () => api.post<CreatedInvitation>(`/api/${record}/${id}/invitations`),
    changes: ['invitation'],
    refreshOn: 'settled',
  });
}
