import { z } from 'zod';
import { adminMailQuerySchema, adminMailSchema } from '../../../shared/schemas/admin-mail';
import { errorBodySchema } from '../../../shared/schemas/common';
import { runQuery } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { readOutgoingMail } from './mail.reads';

/** The Admin's view of outgoing mail: a preview without SMTP, a delivery record with it. */
export async function mailRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/admin/mail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Admins: one page of the mail the app sent or would have sent, newest first',
        description:
          'Without SMTP configured every mail is kept as not_sent (a preview of what would have gone ' +
          'out); with SMTP each shows queued, retrying, failed or sent. The body of a mail that ' +
          'carries a one-time link is never shown (preview null). Total in X-Total-Count.',
        querystring: adminMailQuerySchema,
        response: {
          200: z.array(adminMailSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { mail, total } = await runQuery(request, readOutgoingMail, request.query);
      return withTotal(reply, { rows: mail, total });
    },
  );
}
