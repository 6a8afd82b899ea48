import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateContactInput {
  id: number;
  email: string;
  phone: string;
}

export function updateContact({ id, email, phone }: UpdateContactInput): Promise<User> {
  return api.put<User>(`/api/users/${id}/contact`, {
    email: email.trim() === '' ? null : email.trim(),
    phone: phone.trim() === '' ? null : phone.trim(),
  });
}

/** An owner's contact shows on their properties (public browser) and dashboard: refresh those. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.properties.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}
