import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AcceptedInvitation } from '../../../../shared/schemas/invitations';

/** Links the logged-in account to the invitation's tenant or staff record. */
export function useAcceptInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<AcceptedInvitation>(`/api/invitations/by-code/${encodeURIComponent(code)}/accept`),
    // The link is used up now; the page shows the outcome, so the answer is not refetched.
    // The account now has a home (tenant) or a queue (staff): what '/' shows changes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.portal.all }),
      ]),
  });
}
