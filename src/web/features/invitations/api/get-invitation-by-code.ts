import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { InvitationPreview } from '../../../../shared/schemas/invitations';

const invitationByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.invitations.byCode(code),
    queryFn: ({ signal }) =>
      api.get<InvitationPreview>(`/api/invitations/by-code/${encodeURIComponent(code)}`, signal),
    retry: false,
  });

/**
 * What an invitation link is for; a used, withdrawn or expired link answers 404/410. The
 * sign-up form reads it only when it came from an invitation (`enabled`).
 */
export const useInvitationByCode = (code: string, { enabled = true } = {}) =>
  useQuery({ ...invitationByCodeQueryOptions(code), enabled });
