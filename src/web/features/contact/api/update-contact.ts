import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';

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

/** Owners' public contact (GET /api/users) may change with it: refresh those lists. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
