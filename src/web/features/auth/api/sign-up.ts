import type { SignupRole } from '../../../../shared/constants';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

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

/** After the first sign-up the server is no longer a fresh install (the login screen's hint). */
export const useSignUp = () => useChangingMutation({ mutationFn: signUp, changes: ['user'] });
