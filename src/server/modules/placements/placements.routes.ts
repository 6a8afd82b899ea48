import { errorBodySchema } from '../../../shared/schemas/common';
import { placementBodySchema, placementSchema } from '../../../shared/schemas/placements';
import { calendarDate } from '../../../shared/dates';
import { runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { mailBase } from '../invitations';
import { toLease } from '../leases';
import { toTenant } from '../tenants';
import { placeTenantWithLease } from './placements.service';

/** Placing a tenant in one step: docs/product.md section 13, "Placing a tenant". */
export async function placementsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/placements',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['tenants'],
        summary:
          "Place a tenant on one of the caller's Available units with their lease, the deposit " +
          'received and, if asked, a portal invitation: all in one transaction, or nothing',
        description:
          'Each part follows the rules of its own call (POST /api/tenants, POST /api/leases, POST ' +
          '/api/leases/{id}/deposit/receipts, POST /api/tenants/{id}/invitations) and leaves the same ' +
          'history; any refusal (400 naming the field, 404, 409) writes nothing. The invitation, when ' +
          'asked, carries its one-time link (path), shown only here.',
        body: placementBodySchema,
        response: {
          201: placementSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const made = await runService(request, placeTenantWithLease, {
        body: request.body,
        publicUrl: mailBase(app.config),
      });
      const today = calendarDate(app.config.now(), app.config.timeZone);
      return reply.status(201).send({
        tenant: toTenant(made.tenant),
        lease: toLease(made.lease, today),
        deposit: made.deposit,
        invitation: made.invitation,
      });
    },
  );
}
