import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/api-client';

/** Changes the logged-in user's password; the server ends their other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => api.post<null>('/api/authentication/password', body),
  });
}
