import { passwordSchema, userNameSchema } from '../../../shared/schemas/users';
import type { User } from '../../../shared/schemas/users';
import { runAsSystem } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { hasAdmin } from './users.repository';
import { createAccount } from './users.service';

/**
 * The first Admin. Admin can never be chosen at sign-up, so it comes from the command line
 * (`npm run admin -- create <username>`) or from ADMIN_USERNAME + ADMIN_PASSWORD at start.
 * There is no default account: the password is always supplied by the operator. The
 * account rules are sign-up's (createAccount).
 */
export class AdminAccountError extends Error {}

export async function createAdmin(
  db: Database,
  userName: string,
  password: string,
  actorName = 'command line',
): Promise<User> {
  const name = userNameSchema.safeParse(userName);
  if (!name.success) throw new AdminAccountError(name.error.issues[0]!.message);
  const pass = passwordSchema.safeParse(password);
  if (!pass.success) throw new AdminAccountError(pass.error.issues[0]!.message);
  try {
    return await runAsSystem(
      db,
      { name: actorName, now: new Date(), timeZone: 'UTC' },
      createAccount,
      { userName: name.data, password, roles: ['Admin'], email: null, phone: null },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Never promote an existing account: someone may have signed up under the intended name.
    if (error.code === 'users.taken') {
      throw new AdminAccountError(`A user named '${name.data}' already exists`);
    }
    throw new AdminAccountError(error.message);
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
    return {
      outcome: 'created',
      user: await createAdmin(db, admin.username, admin.password, 'start-up'),
    };
  } catch (error) {
    if (error instanceof AdminAccountError) return { outcome: 'failed', reason: error.message };
    throw error;
  }
}
