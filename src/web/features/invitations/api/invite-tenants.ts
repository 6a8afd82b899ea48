import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkInviteAnswer } from '../../../../shared/schemas/invitations';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 'Invite to portal' for the chosen tenants: one call, an outcome per tenant. */
export function useInviteTenants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenantIds: number[]) =>
      api.post<BulkInviteAnswer>('/api/tenants/invitations', { tenantIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}
