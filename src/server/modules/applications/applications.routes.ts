import { z } from 'zod';
import {
  applicationBodySchema,
  applicationReceiptSchema,
  applicationSchema,
} from '../../../shared/schemas/applications';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { tenantSchema } from '../../../shared/schemas/tenants';
import type { AppInstance } from '../../http/types';
import { requireManager } from '../auth/auth.plugin';
import { toTenant } from '../tenants/tenants.repository';
import { listManagedApplications, toApplication, toReceipt } from './applications.repository';
import { approveApplication, rejectApplication, submitApplication } from './applications.service';
import { limitApplications } from './applications.rate-limit';

export async function applicationsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/applications',
    {
      schema: {
        tags: ['applications'],
        summary: "Apply to rent an Available unit (anyone, logged in or not: the 'Rent This Unit' form)",
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
      await limitApplications(request, reply);
      const row = await submitApplication(app.db, input, { now: app.config.now(), timeZone: app.config.timeZone });
      return reply.status(201).send(toReceipt(row));
    },
  );

  app.get(
    '/applications',
    {
      schema: {
        tags: ['applications'],
        summary: "Applications for the caller's units, pending first (Landlord/Admin)",
        response: { 200: z.array(applicationSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listManagedApplications(app.db, requireManager(request)),
  );

  app.post(
    '/applications/:id/approve',
    {
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
      const user = requireManager(request);
      const tenant = await approveApplication(app.db, user, request.params.id, app.config.now());
      return reply.status(201).send(toTenant(tenant));
    },
  );

  app.post(
    '/applications/:id/reject',
    {
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
      const user = requireManager(request);
      const { application, property } = await rejectApplication(app.db, user, request.params.id, app.config.now());
      return toApplication(application, property);
    },
  );
}
