import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SignedInUser, User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/**
 * Logs in, then fetches the current user (docs/product.md section 4: the success callback receives
 * the user from /me). Any failure along the way rejects.
 */
export async function logIn(
  body: LoginBody,
  fetchMe: () => Promise<SignedInUser>,
): Promise<SignedInUser> {
  await api.post<User>('/api/authentication/login', body);
  return fetchMe();
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      logIn(body, () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })),
  });
}
