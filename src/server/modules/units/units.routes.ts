import { z } from 'zod';
import { errorBodySchema, idParamsSchema, listQuerySchema } from '../../../shared/schemas/common';
import { createUnitBodySchema, unitSchema, updateUnitBodySchema, type CreateUnitBody } from '../../../shared/schemas/units';
import {
  badRequest,
  conflict,
  notFound,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { requireManager } from '../auth/auth.plugin';
import { managedPropertiesFilter, requireManagedProperty } from '../properties/properties.access';
import { containsPattern } from '../properties/properties.repository';
import { requireManagedUnit } from './units.access';
import { countTenantsOfUnit, deleteUnit, findUnit, insertUnit, listUnits, toUnit, updateUnit } from './units.repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const duplicateMessage = (unitNumber: string) => `Unit ${unitNumber} already exists in this property`;

function tenantsFirstMessage(tenants: number): string {
  const noun = tenants === 1 ? '1 tenant' : `${tenants} tenants`;
  return `This unit still has ${noun}. Remove its tenants first, then delete the unit.`;
}

/** Runs a unit write, turning the per-property unique unit number into a 409. */
async function withUniqueUnitNumber<T>(values: CreateUnitBody, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict('units.duplicate', duplicateMessage(values.unitNumber));
    throw error;
  }
}

export async function unitsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/units',
    {
      schema: {
        tags: ['units'],
        summary: 'Units (public); mine=true: only units of properties the caller manages',
        description:
          'q searches unit number, description, sizes, rent, status and the property name (case-insensitive). ' +
          'With limit or offset the answer is that page and the total is in the X-Total-Count header.',
        querystring: listQuerySchema,
        response: { 200: z.array(unitSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { mine, q, limit, offset } = request.query;
      const propertyFilter = mine ? managedPropertiesFilter(requireManager(request)) : undefined;
      const { units, total } = await listUnits(app.db, {
        propertyFilter,
        pattern: q ? containsPattern(q) : undefined,
        limit,
        offset,
      });
      if (limit !== undefined || offset !== undefined) {
        reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      }
      return units;
    },
  );

  app.get(
    '/units/:id',
    {
      schema: {
        tags: ['units'],
        summary: 'One unit (public)',
        params: idParamsSchema,
        response: { 200: unitSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const row = await findUnit(app.db, request.params.id);
      if (!row) throw notFound('units.not_found', 'Unit not found');
      return toUnit(row);
    },
  );

  app.post(
    '/units',
    {
      schema: {
        tags: ['units'],
        summary: 'Create a unit in a property the caller manages (unit numbers are unique per property)',
        body: createUnitBodySchema,
        response: { 201: unitSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const values = request.body;
      await requireManagedProperty(app.db, user, values.propertyId);
      const row = await withUniqueUnitNumber(values, () => insertUnit(app.db, values));
      return reply.status(201).send(toUnit(row));
    },
  );

  app.put(
    '/units/:id',
    {
      schema: {
        tags: ['units'],
        summary: 'Update a unit the caller manages (an id in the body must match the path)',
        params: idParamsSchema,
        body: updateUnitBodySchema,
        response: { 200: unitSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireManager(request);
      const { id } = request.params;
      const { id: bodyId, status, ...rest } = request.body;
      if (bodyId !== undefined && bodyId !== id) {
        throw badRequest('units.id_mismatch', 'The id in the body does not match the address', 'id');
      }
      const current = await requireManagedUnit(app.db, user, id);
      const values: CreateUnitBody = { ...rest, status: status ?? (current.status as CreateUnitBody['status']) };
      // Moving a unit to another property: that property must be the caller's too.
      if (values.propertyId !== current.propertyId) await requireManagedProperty(app.db, user, values.propertyId);
      const row = await withUniqueUnitNumber(values, () => updateUnit(app.db, id, values));
      if (!row) throw notFound('units.not_found', 'Unit not found');
      return toUnit(row);
    },
  );

  app.delete(
    '/units/:id',
    {
      schema: {
        tags: ['units'],
        summary: 'Delete a unit the caller manages; refused (409) while it still has tenants',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireManager(request);
      const { id } = request.params;
      await requireManagedUnit(app.db, user, id);
      const tenants = await countTenantsOfUnit(app.db, id);
      if (tenants > 0) throw conflict('units.has_tenants', tenantsFirstMessage(tenants));
      try {
        await deleteUnit(app.db, id);
      } catch (error) {
        // A tenant added between the count and the delete: the foreign key refuses it.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
          throw conflict('units.has_tenants', tenantsFirstMessage(await countTenantsOfUnit(app.db, id)));
        }
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
}
