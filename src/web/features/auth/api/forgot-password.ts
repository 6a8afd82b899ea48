import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/api-client';

/** 'Forgot password?': the server answers the same message whether or not an account matched. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      api.post<{ message: string }>('/api/password-resets', body),
  });
}
