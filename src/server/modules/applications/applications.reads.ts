import type { Application } from '../../../shared/schemas/applications';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { scopeFor } from '../authz';
import { listManagedApplications, type ApplicationListOptions } from './applications.repository';

type ApplicationListQuery = Omit<ApplicationListOptions, 'scope'>;

/** A page of the applications for the caller's units, pending first. */
export function readApplicationList(
  ctx: Context,
  query: ApplicationListQuery,
): Promise<{ applications: Application[]; total: number }> {
  return listManagedApplications(ctx.tx, { ...query, scope: scopeFor(ctx.actor) });
}

/** A page of the CSV download. */
export async function readApplicationsPage(
  ctx: Context,
  { query, page }: { query: Omit<ApplicationListQuery, keyof PageRequest>; page: PageRequest },
): Promise<Application[]> {
  return (await readApplicationList(ctx, { ...query, ...page })).applications;
}
