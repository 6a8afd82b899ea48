import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

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

/** An owner's contact shows on their properties (public browser) and dashboard. */
export const useUpdateContact = () =>
  useChangingMutation({ mutationFn: updateContact, changes: ['user'] });
