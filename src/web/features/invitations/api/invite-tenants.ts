import type { BulkInviteAnswer } from '../../../../shared/schemas/invitations';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

/** 'Invite to portal' for the chosen tenants: one call, an outcome per tenant. */
export function useInviteTenants() {
  return useChangingMutation({
    mutationFn: (tenantIds: number[]) =>
      api.post<BulkInviteAnswer>('/api/tenants/invitations', { tenantIds }),
    changes: ['invitation'],
    refreshOn: 'settled',
  });
}
