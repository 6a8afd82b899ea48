import { z } from 'zod';
import { MANAGER_ROLES, type Role } from '../../../shared/constants';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  createPropertyBodySchema,
  propertyListQuerySchema,
  propertySchema,
  updatePropertyBodySchema,
} from '../../../shared/schemas/properties';
import { badRequest, conflict, notFound, pgErrorCode, PG_FOREIGN_KEY_VIOLATION } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { isAdmin, requireManager } from '../auth/auth.plugin';
import { managedPropertiesFilter, requireManagedProperty } from './properties.access';
import {
  countUnitsOfProperty,
  deleteProperty,
  findOwnerCandidate,
  findPropertyWithOwner,
  insertProperty,
  listProperties,
  updateProperty,
} from './properties.repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function unitsFirstMessage(units: number): string {
  const noun = units === 1 ? '1 unit' : `${units} units`;
  return `This property still has ${noun}. Delete its units first, then delete the property.`;
}

export async function propertiesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Properties with their owner contact (public); mine=true: only those the caller manages',
        description:
          'q searches property, owner and unit fields (case-insensitive). With limit or offset the answer is ' +
          'that page and the total is in the X-Total-Count header. include=units adds each property\'s units.',
        querystring: propertyListQuerySchema,
        response: { 200: z.array(propertySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { mine, q, limit, offset, include } = request.query;
      const filter = mine ? managedPropertiesFilter(requireManager(request)) : undefined;
      const { properties, total } = await listProperties(app.db, {
        filter,
        q,
        limit,
        offset,
        includeUnits: include === 'units',
      });
      if (limit !== undefined || offset !== undefined) {
        reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      }
      return properties;
    },
  );

  app.get(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'One property with its owner contact (public)',
        params: idParamsSchema,
        response: { 200: propertySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const property = await findPropertyWithOwner(app.db, request.params.id);
      if (!property) throw notFound('properties.not_found', 'Property not found');
      return property;
    },
  );

  app.post(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Create a property (the caller owns it; an Admin may name the owning landlord by userId)',
        body: createPropertyBodySchema,
        response: { 201: propertySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const { userId, ...values } = request.body;
      let ownerId = user.id;
      if (isAdmin(user) && userId && userId !== user.id) {
        const owner = await findOwnerCandidate(app.db, userId);
        if (!owner) throw badRequest('properties.owner_not_found', 'The chosen owner does not exist', 'userId');
        if (!owner.roles.some((role) => MANAGER_ROLES.includes(role as Role))) {
          throw badRequest('properties.owner_not_manager', 'The owner must be a Landlord or Admin', 'userId');
        }
        ownerId = owner.id;
      }
      const row = await insertProperty(app.db, ownerId, values);
      const property = await findPropertyWithOwner(app.db, row.id);
      return reply.status(201).send(property!);
    },
  );

  app.put(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'Update a property the caller manages (the owner never changes here)',
        params: idParamsSchema,
        body: updatePropertyBodySchema,
        response: { 200: propertySchema, ...errors },
      },
    },
    async (request) => {
      const user = requireManager(request);
      const { id } = request.params;
      const { userId: _ignored, id: bodyId, ...values } = request.body;
      if (bodyId !== undefined && bodyId !== id) {
        throw badRequest('properties.id_mismatch', 'The id in the body does not match the address', 'id');
      }
      await requireManagedProperty(app.db, user, id);
      await updateProperty(app.db, id, values);
      return (await findPropertyWithOwner(app.db, id))!;
    },
  );

  app.delete(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'Delete a property the caller manages; refused (409) while it still has units',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const { id } = request.params;
      await requireManagedProperty(app.db, user, id);
      const units = await countUnitsOfProperty(app.db, id);
      if (units > 0) throw conflict('properties.has_units', unitsFirstMessage(units));
      try {
        await deleteProperty(app.db, id);
      } catch (error) {
        // A unit added between the count and the delete: the foreign key refuses it.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
          throw conflict('properties.has_units', unitsFirstMessage(await countUnitsOfProperty(app.db, id)));
        }
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
}
