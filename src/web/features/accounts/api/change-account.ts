import { useMutation } from '@tanstack/react-query';
import type { Role } from '../../../../shared/constants';
import type { Account, PasswordResetLink } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type AccountChange =
  { kind: 'roles'; id: number; roles: Role[] } | { kind: 'disable' | 'enable'; id: number };

function send(change: AccountChange): Promise<Account> {
  if (change.kind === 'roles') {
    return api.put<Account>(`/api/accounts/${change.id}/roles`, { roles: change.roles });
  }
  return api.post<Account>(`/api/accounts/${change.id}/${change.kind}`);
}

/** Roles, disable, enable: each refreshes the list. */
export function useChangeAccount() {
  return useChangingMutation({ mutationFn: send, changes: ['user'], refreshOn: 'settled' });
}

export function useIssuePasswordReset() {
  return useMutation({
    mutationFn: (id: number) => api.post<PasswordResetLink>(`/api/accounts/${id}/password-reset`),
  });
}
