import { passwordSchema, userNameSchema } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http/errors';
import { passwordWeakness } from './password-strength';
import { hashPassword } from './passwords';
import { findUserByName, hasAdmin, insertUser, toUser } from './users.repository';
import type { User } from '../../../shared/schemas/users';

/**
 * The first Admin. Admin can never be chosen at sign-up, so it comes from the command line
 * (`npm run admin -- create <username>`) or from ADMIN_USERNAME + ADMIN_PASSWORD at start.
 * There is no default account: the password is always supplied by the operator.
 */
export class AdminAccountError extends Error {}

export async function createAdmin(db: Database, userName: string, password: string): Promise<User> {
  const name = userNameSchema.safeParse(userName);
  if (!name.success) throw new AdminAccountError(name.error.issues[0]!.message);
  const pass = passwordSchema.safeParse(password);
  if (!pass.success) throw new AdminAccountError(pass.error.issues[0]!.message);
  const weakness = passwordWeakness(password, name.data);
  if (weakness) throw new AdminAccountError(weakness);
  // Never promote an existing account: someone may have signed up under the intended name.
  if (await findUserByName(db, name.data)) {
    throw new AdminAccountError(`A user named '${name.data}' already exists`);
  }
  try {
    const row = await insertUser(db, {
      userName: name.data,
      passwordHash: await hashPassword(password),
      roles: ['Admin'],
      email: null,
      phone: null,
    });
    return toUser(row);
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AdminAccountError(`A user named '${name.data}' already exists`);
    }
    throw error;
  }
}

export type EnsureAdminResult =
  | { outcome: 'created'; user: User }
  | { outcome: 'exists' }
  | { outcome: 'failed'; reason: string };

/** At start-up: create the configured Admin when no Admin exists yet. */
export async function ensureAdmin(
  db: Database,
  admin: { username: string; password: string },
): Promise<EnsureAdminResult> {
  if (await hasAdmin(db)) return { outcome: 'exists' };
  try {
    return { outcome: 'created', user: await createAdmin(db, admin.username, admin.password) };
  } catch (error) {
    if (error instanceof AdminAccountError) return { outcome: 'failed', reason: error.message };
    throw error;
  }
}
