import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import type { Invitation } from '../../../../shared/schemas/invitations';

/** Withdraws a pending invitation: its link stops working. */
export function useRevokeInvitation() {
  return useChangingMutation({
    mutationFn: (invitationId: number) =>
      api.post<Invitation>(`/api/invitations/${invitationId}/revoke`),
    // A refusal (accepted or expired meanwhile) also means the list is out of date.
    changes: ['invitation'],
    refreshOn: 'settled',
  });
}
