import { calendarDate } from '../../../shared/dates';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  leaseSchema,
  moveOutBodySchema,
  renewLeaseBodySchema,
} from '../../../shared/schemas/leases';
import { tenantSchema } from '../../../shared/schemas/tenants';
import { runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { toTenant } from '../tenants';
import { moveOutTenant, renewLease } from './lease-lifecycle.service';
import { toLease } from './leases.repository';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Renew and move out (docs/product.md section 11). */
export async function leaseLifecycleRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/leases/:id/renew',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['leases'],
        summary:
          'Renew a lease: the next lease starts the day after it ends, with a new end date and rent; the deposit carries over',
        params: idParamsSchema,
        body: renewLeaseBodySchema,
        response: { 201: leaseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const renewal = await runService(request, renewLease, {
        leaseId: request.params.id,
        body: request.body,
      });
      const today = calendarDate(app.config.now(), app.config.timeZone);
      return reply.status(201).send(toLease(renewal, today));
    },
  );

  app.post(
    '/tenants/:id/move-out',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['tenants'],
        summary:
          "Move a tenant out on a day: their running lease ends early on it, they are kept as the unit's history, and the unit is freed",
        params: idParamsSchema,
        body: moveOutBodySchema,
        response: { 200: tenantSchema, ...errors },
      },
    },
    async (request) =>
      toTenant(
        await runService(request, moveOutTenant, {
          tenantId: request.params.id,
          body: request.body,
        }),
      ),
  );
}
