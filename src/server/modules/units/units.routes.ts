import { z } from 'zod';
import { MAX_UNITS_AT_ONCE } from '../../../shared/unit-numbers';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  createUnitBodySchema,
  createUnitsBodySchema,
  unitListItemSchema,
  unitListQuerySchema,
  unitSchema,
  updateUnitBodySchema,
} from '../../../shared/schemas/units';
import { deletionRoutes } from '../../http/deletion-routes';
import { runQuery, runService } from '../../context';
import { assertBodyIdMatches } from '../../http/body-id';
import { csvListRoute, csvMoney } from '../../http/csv-routes';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { limitPublicSearch, requireManagedFilters } from '../properties';
import { managerWhenMine } from '../auth';
import { readManagedUnitsPage, readUnit, readUnitList } from './units.reads';
import {
  createUnit,
  createUnits,
  deleteUnit,
  previewUnitDeletion,
  updateUnit,
} from './units.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function unitsRoutes(app: AppInstance): Promise<void> {
  csvListRoute(app, {
    name: 'units',
    tags: ['units'],
    summary: "The caller's units as a CSV download (every matching unit, not one page)",
    description:
      'The units list of the properties the caller manages (an Admin: every unit), as the Units ' +
      'screen shows it, with its filters and sort (q, status, propertyId, sort, order). Never ' +
      "public: a visitor or a Tenant is refused, and another landlord's propertyId is a 404.",
    querystring: unitListQuerySchema.omit({ limit: true, offset: true, mine: true }),
    authorize: requireManagedFilters,
    readPage: readManagedUnitsPage,
    columns: [
      { header: 'Unit #', value: (u) => u.unitNumber },
      { header: 'Property', value: (u) => u.propertyName },
      { header: 'Beds', value: (u) => u.bedrooms },
      { header: 'Baths', value: (u) => u.bathrooms },
      { header: 'Sq ft', value: (u) => u.squareFeet },
      { header: 'Rent', value: (u) => csvMoney(u.rent) },
      { header: 'Status', value: (u) => u.status },
    ],
  });

  app.get(
    '/units',
    {
      config: { access: managerWhenMine, area: 'units' },
      preHandler: limitPublicSearch,
      schema: {
        tags: ['units'],
        summary: 'Units (public); mine=true: only units of properties the caller manages',
        description:
          'q searches unit number, description, sizes, rent, status and the property name (case-insensitive). ' +
          'status and propertyId filter exactly. The answer is one page (limit, default and at most 100; offset), ' +
          'sorted by sort and order; the exact total is in the X-Total-Count header.',
        querystring: unitListQuerySchema,
        response: { 200: z.array(unitListItemSchema), ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { units, total } = await runQuery(request, readUnitList, request.query);
      return withTotal(reply, { rows: units, total });
    },
  );

  app.get(
    '/units/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['units'],
        summary: 'One unit (public)',
        params: idParamsSchema,
        response: { 200: unitSchema, 404: errorBodySchema },
      },
    },
    (request) => runQuery(request, readUnit, request.params.id),
  );

  app.post(
    '/units',
    {
      config: { access: 'manager', area: 'units' },
      schema: {
        tags: ['units'],
        summary:
          'Create a unit in a property the caller manages (unit numbers are unique per property)',
        body: createUnitBodySchema,
        response: { 201: unitSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createUnit, request.body)),
  );

  app.post(
    '/units/batch',
    {
      config: { access: 'manager', area: 'units' },
      schema: {
        tags: ['units'],
        summary: 'Create several units of one layout and rent at once: all of them or none',
        description:
          "unitNumbers is a pattern: '101-112', '101 to 112', '1A-1F', or parts separated by " +
          `commas ('101-104, 201-204, PH'); at most ${MAX_UNITS_AT_ONCE} units, and a part ` +
          "that reads as a range in other words ('101 through 112') is refused. Numbers the property already has " +
          'answer 409 naming them, and nothing is created.',
        body: createUnitsBodySchema,
        response: { 201: z.array(unitSchema), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createUnits, request.body)),
  );

  app.put(
    '/units/:id',
    {
      config: { access: 'manager', area: 'units' },
      schema: {
        tags: ['units'],
        summary: 'Update a unit the caller manages (an id in the body must match the path)',
        params: idParamsSchema,
        body: updateUnitBodySchema,
        response: { 200: unitSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { id: bodyId, ...body } = request.body;
      assertBodyIdMatches('units', id, bodyId);
      return runService(request, updateUnit, { id, body });
    },
  );

  deletionRoutes(app, {
    area: 'units',
    path: 'units',
    tags: ['units'],
    errors,
    preview: {
      summary: 'What deleting a unit the caller manages would do now; nothing changes',
      description:
        'blockers: what stops the delete (its tenants; its work orders, which are kept as ' +
        'its history); while any is listed, DELETE answers 409 with the same messages. ' +
        "removes: what goes with it (its rental applications). Another landlord's unit " +
        'answers 404, as the delete does.',
      read: previewUnitDeletion,
    },
    delete: {
      summary:
        'Delete a unit the caller manages; refused (409) while it has tenants or work orders',
      service: deleteUnit,
      canRefuse: true,
    },
  });
}
