import { z } from 'zod';
import {
  applicationBodySchema,
  applicationListQuerySchema,
  applicationReceiptSchema,
  applicationSchema,
} from '../../../shared/schemas/applications';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { tenantSchema } from '../../../shared/schemas/tenants';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { actorOf, runService } from '../../context';
import { toTenant } from '../tenants/tenants.repository';
import { listManagedApplications, toApplication, toReceipt } from './applications.repository';
import { approveApplication, rejectApplication, submitApplication } from './applications.service';
import { APPLICATION_LIMIT } from './applications.rate-limit';
import { limitPerAddress } from '../rate-limits/per-address';

export async function applicationsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/applications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['applications'],
        summary:
          "Apply to rent an Available unit (anyone, logged in or not: the 'Rent This Unit' form)",
        body: applicationBodySchema,
        response: {
          201: applicationReceiptSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { unitNumber: _ignored, ...input } = request.body;
      await limitPerAddress(request, APPLICATION_LIMIT);
      return reply.status(201).send(toReceipt(await runService(request, submitApplication, input)));
    },
  );

  app.get(
    '/applications',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['applications'],
        summary: "Applications for the caller's units, pending first (Landlord/Admin)",
        description:
          'q searches the applicant, unit number and property name; status filters exactly. The answer ' +
          'is one page (limit, default and at most 100; offset); the exact total is in X-Total-Count.',
        querystring: applicationListQuerySchema,
        response: {
          200: z.array(applicationSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const page = await listManagedApplications(app.db, { ...request.query, actor });
      return withTotal(reply, { rows: page.applications, total: page.total });
    },
  );

  app.post(
    '/applications/:id/approve',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['applications'],
        summary: 'Approve: places the applicant as a tenant on the unit (which becomes Rented)',
        params: idParamsSchema,
        response: {
          201: tenantSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const tenant = await runService(request, approveApplication, {
        id: request.params.id,
        mailApplicants: app.config.mail !== null,
      });
      return reply.status(201).send(toTenant(tenant));
    },
  );

  app.post(
    '/applications/:id/reject',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['applications'],
        summary: 'Reject a pending application',
        params: idParamsSchema,
        response: {
          200: applicationSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { application, property } = await runService(
        request,
        rejectApplication,
        request.params.id,
      );
      return toApplication(application, property);
    },
  );
}
