import { z } from 'zod';
import { errorBodySchema, idParamsSchema, listQuerySchema } from '../../../shared/schemas/common';
import { createStaffBodySchema, staffSchema, updateStaffBodySchema } from '../../../shared/schemas/staff';
import { badRequest, notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { requireManager } from '../auth/auth.plugin';
import { managedPropertiesFilter, requireManagedProperty } from '../properties/properties.access';
import { containsPattern } from '../properties/properties.repository';
import { requireManagedStaff } from './staff.access';
import { deleteStaff, insertStaff, listStaff, toStaff, updateStaff } from './staff.repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function staffRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff of the properties the caller manages (mine=true changes nothing: staff are never public)',
        description:
          'q searches names, email, phone, position and the property name (case-insensitive). ' +
          'With limit or offset the answer is that page and the total is in the X-Total-Count header.',
        querystring: listQuerySchema,
        response: { 200: z.array(staffSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const { q, limit, offset } = request.query;
      const { staff, total } = await listStaff(app.db, {
        propertyFilter: managedPropertiesFilter(user),
        pattern: q ? containsPattern(q) : undefined,
        limit,
        offset,
      });
      if (limit !== undefined || offset !== undefined) {
        reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      }
      return staff;
    },
  );

  app.get(
    '/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One staff member of a property the caller manages',
        params: idParamsSchema,
        response: { 200: staffSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireManager(request);
      return toStaff(await requireManagedStaff(app.db, user, request.params.id));
    },
  );

  app.post(
    '/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'Add a staff member to a property the caller manages',
        body: createStaffBodySchema,
        response: { 201: staffSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      await requireManagedProperty(app.db, user, request.body.propertyId);
      const row = await insertStaff(app.db, request.body);
      return reply.status(201).send(toStaff(row));
    },
  );

  app.put(
    '/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Update a staff member the caller manages (an id in the body must match the path)',
        params: idParamsSchema,
        body: updateStaffBodySchema,
        response: { 200: staffSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireManager(request);
      const { id } = request.params;
      const { id: bodyId, ...values } = request.body;
      if (bodyId !== undefined && bodyId !== id) {
        throw badRequest('staff.id_mismatch', 'The id in the body does not match the address', 'id');
      }
      const current = await requireManagedStaff(app.db, user, id);
      if (values.propertyId !== current.propertyId) await requireManagedProperty(app.db, user, values.propertyId);
      const row = await updateStaff(app.db, id, values);
      if (!row) throw notFound('staff.not_found', 'Staff member not found');
      return toStaff(row);
    },
  );

  app.delete(
    '/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a staff member the caller manages',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const { id } = request.params;
      await requireManagedStaff(app.db, user, id);
      await deleteStaff(app.db, id);
      return reply.status(204).send(null);
    },
  );
}
