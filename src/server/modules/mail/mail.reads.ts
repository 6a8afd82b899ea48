import type { AdminMail } from '../../../shared/schemas/admin-mail';
import type { Context } from '../../context';
import type { PageRequest } from '../../http/paging';
import { listOutgoingMail } from './outgoing-mail.repository';

/** The Admin's page of outgoing mail (the route admits only an Admin). */
export function readOutgoingMail(
  ctx: Context,
  page: PageRequest,
): Promise<{ mail: AdminMail[]; total: number }> {
  return listOutgoingMail(ctx.tx, page);
}
