import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import type { AcceptedInvitation } from '../../../../shared/schemas/invitations';

/** Links the logged-in account to the invitation's tenant or staff record. */
export function useAcceptInvitation(code: string) {
  return useChangingMutation({
    mutationFn: () =>
      api.post<AcceptedInvitation>(`/api/invitations/by-code/${encodeURIComponent(code)}/accept`),
    // The account now has a home (tenant) or a queue (staff): what '/' shows changes. The
    // link is used up, but the page shows the outcome: the invitation itself is not read again.
    changes: ['user'],
  });
}
