import type { PublicUser, User } from '../../../shared/schemas/users';
import type { Context } from '../../context';
import { actsOnEveryRecord } from '../authz';
import { listPropertyOwners, listUsers, type UserListOptions } from './users.repository';

/** An Admin's page of every user; anyone else's, of the property owners' public contacts. */
export function readUserList(
  ctx: Context,
  options: UserListOptions,
): Promise<{ users: (User | PublicUser)[]; total: number }> {
  return actsOnEveryRecord(ctx.actor)
    ? listUsers(ctx.tx, options)
    : listPropertyOwners(ctx.tx, options);
}
