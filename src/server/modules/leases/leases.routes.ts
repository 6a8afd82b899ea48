import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { leaseBodySchema, leaseSchema } from '../../../shared/schemas/leases';
import { notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { requireManager } from '../auth/auth.plugin';
import { requireManagedTenant } from '../tenants/tenants.access';
import { deleteLease, findManagedLease, listManagedLeases, toLease } from './leases.repository';
import { changeLease, createLease } from './leases.service';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function leasesRoutes(app: AppInstance): Promise<void> {
  async function requireManagedLease(user: Parameters<typeof findManagedLease>[1], id: number) {
    const lease = await findManagedLease(app.db, user, id);
    if (!lease) throw notFound('leases.not_found', 'Lease not found');
    return lease;
  }

  app.get(
    '/leases',
    {
      schema: {
        tags: ['leases'],
        summary: "The leases of the caller's tenants (Landlord/Admin)",
        response: { 200: z.array(leaseSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => (await listManagedLeases(app.db, requireManager(request))).map(toLease),
  );

  app.get(
    '/leases/:id',
    {
      schema: {
        tags: ['leases'],
        summary: 'One lease',
        params: idParamsSchema,
        response: { 200: leaseSchema, ...errors },
      },
    },
    async (request) => toLease(await requireManagedLease(requireManager(request), request.params.id)),
  );

  app.post(
    '/leases',
    {
      schema: {
        tags: ['leases'],
        summary: "Create a lease for one of the caller's tenants (unit number and names copied from the tenant)",
        body: leaseBodySchema,
        response: { 201: leaseSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const tenant = await requireManagedTenant(app.db, user, request.body.tenantId);
      return reply.status(201).send(toLease(await createLease(app.db, tenant, request.body)));
    },
  );

  app.put(
    '/leases/:id',
    {
      schema: {
        tags: ['leases'],
        summary: 'Edit a lease',
        params: idParamsSchema,
        body: leaseBodySchema,
        response: { 200: leaseSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireManager(request);
      await requireManagedLease(user, request.params.id);
      const tenant = await requireManagedTenant(app.db, user, request.body.tenantId);
      return toLease(await changeLease(app.db, request.params.id, tenant, request.body));
    },
  );

  app.delete(
    '/leases/:id',
    {
      schema: {
        tags: ['leases'],
        summary: 'Delete a lease',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      await requireManagedLease(user, request.params.id);
      await deleteLease(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
