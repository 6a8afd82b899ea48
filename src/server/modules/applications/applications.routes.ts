import { z } from 'zod';
import {
  applicationBodySchema,
  applicationListQuerySchema,
  applicationReceiptSchema,
  applicationSchema,
} from '../../../shared/schemas/applications';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { tenantSchema } from '../../../shared/schemas/tenants';
import { csvDay, csvListRoute } from '../../http/csv-routes';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { runQuery, runService } from '../../context';
import { toTenant } from '../tenants';
import { toApplication, toReceipt } from './applications.repository';
import { readApplicationList, readApplicationsPage } from './applications.reads';
import { approveApplication, rejectApplication, submitApplication } from './applications.service';
import { toCents } from '../../../shared/money';
import { APPLICATION_LIMIT } from './applications.rate-limit';
import { limitPerAddress } from '../rate-limits';
import { formatPhone } from '../../../shared/phone-format';

export async function applicationsRoutes(app: AppInstance): Promise<void> {
  csvListRoute(app, {
    name: 'applications',
    tags: ['applications'],
    summary: "Applications for the caller's units as a CSV download (every matching one)",
    description:
      "The rental applications for the caller's units (an Admin: all), pending first, as the " +
      'Rental Applications screen lists them, with its filters and sort (q, status, sort, order). ' +
      "The screen's Applicant and Unit cells are split into their parts; Received is the day the " +
      "application arrived, in the landlord's calendar.",
    querystring: applicationListQuerySchema.omit({ limit: true, offset: true }),
    readPage: readApplicationsPage,
    columns: [
      { header: 'Status', value: (a) => a.status },
      { header: 'Decline reason', value: (a) => a.declineReason },
      { header: 'Applicant', value: (a) => `${a.firstName} ${a.lastName}` },
      { header: 'Email', value: (a) => a.email },
      { header: 'Phone', value: (a) => formatPhone(a.phoneNumber) },
      { header: 'Property', value: (a) => a.propertyName },
      { header: 'Unit', value: (a) => a.unitNumber },
      { header: 'Move-in', value: (a) => a.moveInDate },
      { header: 'Message', value: (a) => a.message },
      { header: 'Received', value: (a) => csvDay(app.config.timeZone, a.createdAt) },
    ],
  });

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
      const {
        unitNumber: _ignored,
        monthlyIncome,
        hasPets,
        petsDescription,
        ...input
      } = request.body;
      await limitPerAddress(request, APPLICATION_LIMIT);
      const application = {
        ...input,
        monthlyIncome: monthlyIncome == null ? null : toCents(monthlyIncome),
        hasPets: hasPets ?? null,
        // A description of pets the applicant said they do not have is not kept.
        petsDescription: hasPets === false ? null : petsDescription,
        backgroundCheckConsent: input.backgroundCheckConsent === true,
      };
      return reply
        .status(201)
        .send(toReceipt(await runService(request, submitApplication, application)));
    },
  );

  app.get(
    '/applications',
    {
      config: { access: 'manager', area: 'leasing' },
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
      const page = await runQuery(request, readApplicationList, request.query);
      return withTotal(reply, { rows: page.applications, total: page.total });
    },
  );

  app.post(
    '/applications/:id/approve',
    {
      config: { access: 'manager', area: 'leasing' },
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
      config: { access: 'manager', area: 'leasing' },
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
