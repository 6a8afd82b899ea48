import { z } from 'zod';
import { applicationReceiptSchema } from '../../../shared/schemas/applications';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { tenantBodySchema, tenantSchema } from '../../../shared/schemas/tenants';
import type { AppInstance } from '../../http/types';
import { hasRole, requireManager } from '../auth/auth.plugin';
import { MANAGER_ROLES } from '../../../shared/constants';
import { toReceipt } from '../applications/applications.repository';
import { limitApplications } from '../applications/applications.rate-limit';
import { submitApplication } from '../applications/applications.service';
import { findManagedUnit, requireManagedUnit } from '../units/units.access';
import { requireManagedTenant } from './tenants.access';
import { listManagedTenants, toTenant } from './tenants.repository';
import { changeTenant, placeTenant, removeTenant } from './tenants.service';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function tenantsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/tenants',
    {
      schema: {
        tags: ['tenants'],
        summary: "The tenants of the caller's units (Landlord/Admin)",
        response: { 200: z.array(tenantSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => (await listManagedTenants(app.db, requireManager(request))).map(toTenant),
  );

  app.get(
    '/tenants/:id',
    {
      schema: {
        tags: ['tenants'],
        summary: 'One tenant',
        params: idParamsSchema,
        response: { 200: tenantSchema, ...errors },
      },
    },
    async (request) => toTenant(await requireManagedTenant(app.db, requireManager(request), request.params.id)),
  );

  app.post(
    '/tenants',
    {
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
      const { unitId, unitNumber: _ignored, ...fields } = request.body;
      const user = request.user;
      const managed = user && hasRole(user, MANAGER_ROLES) ? await findManagedUnit(app.db, user, unitId) : undefined;
      if (managed) {
        const tenant = await placeTenant(app.db, managed.id, fields);
        return reply.status(201).send(toTenant(tenant));
      }
      // The spec's public 'Rent This Unit' call: an application for the landlord to review.
      await limitApplications(request, reply);
      const row = await submitApplication(
        app.db,
        { unitId, ...fields, moveInDate: null, message: null },
        { now: app.config.now(), timeZone: app.config.timeZone },
      );
      return reply.status(201).send(toReceipt(row));
    },
  );

  app.put(
    '/tenants/:id',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Edit a tenant; moving them needs an Available unit and frees the old one',
        params: idParamsSchema,
        body: tenantBodySchema,
        response: { 200: tenantSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireManager(request);
      const current = await requireManagedTenant(app.db, user, request.params.id);
      const { unitId, unitNumber: _ignored, ...fields } = request.body;
      if (unitId !== current.unitId) await requireManagedUnit(app.db, user, unitId);
      return toTenant(await changeTenant(app.db, current, unitId, fields));
    },
  );

  app.delete(
    '/tenants/:id',
    {
      schema: {
        tags: ['tenants'],
        summary: "Remove a tenant without leases; frees the unit when it was the last tenant",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const tenant = await requireManagedTenant(app.db, user, request.params.id);
      await removeTenant(app.db, tenant);
      return reply.status(204).send(null);
    },
  );
}
