import { useMutation } from '@tanstack/react-query';
import type { SignupRole } from '../../../../shared/constants';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';

export interface SignUpInput {
  userName: string;
  password: string;
  role: SignupRole;
  email: string;
  phone: string;
}

/** The spec's body: Username, Password, Roles (one role), Email or null, Phone or null. */
export function signUp(input: SignUpInput): Promise<User> {
  const email = input.email.trim();
  const phone = input.phone.trim();
  return api.post<User>('/api/users', {
    Username: input.userName.trim(),
    Password: input.password,
    Roles: [input.role],
    Email: email === '' ? null : email,
    Phone: phone === '' ? null : phone,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
