import { calendarDate } from '../../../shared/dates';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  postingPreviewBodySchema,
  postingPreviewSchema,
  voidLeaseBodySchema,
} from '../../../shared/schemas/lease-books';
import { leaseSchema } from '../../../shared/schemas/leases';
import { runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { previewPosting } from './lease-books.service';
import { voidLease } from './lease-void.service';
import { toLease } from './leases.repository';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** A lease's books: the posting preview and voiding (docs/product.md section 28). */
export async function leaseBooksRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/leases/posting-preview',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags: ['leases'],
        summary: 'What saving these lease terms would post or reverse now; nothing changes',
        description:
          'For a new lease (no leaseId) or an edit of one (leaseId): the rent charges a save ' +
          'posts now (every period due by today not posted yet, from the first rent to charge), ' +
          'the standing rent charges it reverses (periods the new dates no longer cover), the ' +
          'opening entry, and whether the save needs confirmBackPosting (more than `limit` ' +
          "periods to post). Another landlord's leaseId answers 404.",
        body: postingPreviewBodySchema,
        response: { 200: postingPreviewSchema, ...errors },
      },
    },
    async (request) => runService(request, previewPosting, request.body),
  );

  app.post(
    '/leases/:id/void',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags: ['leases'],
        summary:
          'Void a lease entered by mistake: every standing ledger entry is reversed and the lease never runs',
        description:
          'In one step: each entry of the ledger not yet reversed is reversed (payments too: a ' +
          'correction of the books, not a refund), the lease becomes Terminated without a ' +
          'move-out day (void), and the reason is kept as its end reason. 409 when it is void ' +
          'already or has deposit records.',
        params: idParamsSchema,
        body: voidLeaseBodySchema,
        response: { 200: leaseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const lease = await runService(request, voidLease, {
        id: request.params.id,
        body: request.body,
      });
      return toLease(lease, calendarDate(app.config.now(), app.config.timeZone));
    },
  );
}
