import { z } from 'zod';
import { applicationReceiptSchema } from '../../../shared/schemas/applications';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { deletionRoutes } from '../../http/deletion-routes';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  tenantBodySchema,
  tenantListItemSchema,
  tenantListQuerySchema,
  tenantSchema,
} from '../../../shared/schemas/tenants';
import { csvDay, csvListRoute } from '../../http/csv-routes';
import { withTotal } from '../../http/paging';
import { requireManagedFilters } from '../properties';
import { toReceipt, APPLICATION_LIMIT, submitApplication } from '../applications';
import { limitPerAddress } from '../rate-limits';
import { requireManager } from '../auth';
import { toTenant } from './tenants.repository';
import { managesUnit, readTenant, readTenantList, readTenantsPage } from './tenants.reads';
import { changeTenant, placeTenant, previewTenantDeletion, removeTenant } from './tenants.service';
import { formatPhone } from '../../../shared/phone-format';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function tenantsRoutes(app: AppInstance): Promise<void> {
  csvListRoute(app, {
    name: 'tenants',
    tags: ['tenants'],
    summary: "The caller's tenants as a CSV download (every matching tenant, not one page)",
    description:
      "The tenants of the caller's units (an Admin: every tenant), as the Tenants screen lists " +
      'them, with its filters and sort (q, propertyId, unitId, sort, order). Added is the day the ' +
      "tenant was added, in the landlord's calendar. Another landlord's propertyId or unitId is a 404.",
    querystring: tenantListQuerySchema.omit({ limit: true, offset: true }),
    authorize: requireManagedFilters,
    readPage: readTenantsPage,
    columns: [
      { header: 'Name', value: (t) => `${t.firstName} ${t.lastName}` },
      { header: 'Unit #', value: (t) => t.unitNumber },
      { header: 'Property', value: (t) => t.propertyName },
      { header: 'Phone', value: (t) => formatPhone(t.phoneNumber) },
      { header: 'Email', value: (t) => t.email },
      { header: 'Added', value: (t) => csvDay(app.config.timeZone, t.createdAt) },
    ],
  });

  app.get(
    '/tenants',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['tenants'],
        summary: "The tenants of the caller's units (Landlord/Admin)",
        description:
          'q searches names, unit number, property name, email and phone (case-insensitive). The answer ' +
          'is one page (limit, default and at most 100; offset), sorted by sort and order; the exact ' +
          'total is in the X-Total-Count header.',
        querystring: tenantListQuerySchema,
        response: {
          200: z.array(tenantListItemSchema),
          400: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const page = await runQuery(request, readTenantList, request.query);
      return withTotal(reply, { rows: page.tenants, total: page.total });
    },
  );

  app.get(
    '/tenants/:id',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['tenants'],
        summary: 'One tenant',
        params: idParamsSchema,
        response: { 200: tenantSchema, ...errors },
      },
    },
    (request) => runQuery(request, readTenant, request.params.id),
  );

  app.post(
    '/tenants',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tenants'],
        summary:
          "Place a tenant on one of the caller's Available units (marks it Rented). From anyone else, " +
          'logged in or not, the same body is taken as a rental application for the unit.',
        body: tenantBodySchema,
        response: {
          201: z.union([tenantSchema, applicationReceiptSchema]),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (await runQuery(request, managesUnit, body.unitId)) {
        // The caller's organisation manages the unit: a member whose role may not place
        // tenants is refused, not taken for an applicant.
        requireManager(request, 'leasing');
        return reply.status(201).send(toTenant(await runService(request, placeTenant, body)));
      }
      // The spec's public 'Rent This Unit' call: an application for the landlord to review.
      await limitPerAddress(request, APPLICATION_LIMIT);
      const { unitNumber: _ignored, ...fields } = body;
      const application = { ...fields, moveInDate: null, message: null };
      return reply
        .status(201)
        .send(toReceipt(await runService(request, submitApplication, application)));
    },
  );

  app.put(
    '/tenants/:id',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['tenants'],
        summary: 'Edit a tenant; moving them needs an Available unit and frees the old one',
        params: idParamsSchema,
        body: tenantBodySchema,
        response: { 200: tenantSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) =>
      toTenant(
        await runService(request, changeTenant, { id: request.params.id, body: request.body }),
      ),
  );

  deletionRoutes(app, {
    area: 'leasing',
    path: 'tenants',
    tags: ['tenants'],
    errors,
    preview: {
      summary: 'What deleting a tenant the caller manages would do now; nothing changes',
      description:
        'blockers: their leases; while any is listed, DELETE answers 409 with the same ' +
        'messages. removes: a linked portal login, which stays but loses this home. ' +
        "Another landlord's tenant answers 404, as the delete does.",
      read: previewTenantDeletion,
    },
    delete: {
      summary: 'Remove a tenant without leases; frees the unit when it was the last tenant',
      service: removeTenant,
      canRefuse: true,
    },
  });
}
