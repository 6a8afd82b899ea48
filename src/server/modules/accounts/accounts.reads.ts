import type { Account } from '../../../shared/schemas/accounts';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { hasAnyUser } from '../users';
import { listAccounts } from './accounts.repository';

type AccountListQuery = { q?: string | undefined } & PageRequest;

/** An Admin's page of every account, searchable (the routes admit only an Admin). */
export function readAccountList(
  ctx: Context,
  query: AccountListQuery,
): Promise<{ accounts: Account[]; total: number }> {
  return listAccounts(ctx.tx, query);
}

/** A page of the CSV download. */
export async function readAccountsPage(
  ctx: Context,
  { query, page }: { query: Omit<AccountListQuery, keyof PageRequest>; page: PageRequest },
): Promise<Account[]> {
  return (await listAccounts(ctx.tx, { ...query, ...page })).accounts;
}

/** No account yet: the login screen offers to make the first one. */
export async function isFreshInstall(ctx: Context): Promise<boolean> {
  return !(await hasAnyUser(ctx.tx));
}
