import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordResetInfo } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const resetQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.passwordResets.byCode(code),
    queryFn: ({ signal }) =>
      api.get<PasswordResetInfo>(`/api/password-resets/${encodeURIComponent(code)}`, signal),
    retry: false,
  });

export const usePasswordReset = (code: string) => useQuery(resetQueryOptions(code));

export function useResetPassword(code: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<null>(`/api/password-resets/${encodeURIComponent(code)}`, { password }),
  });
}
