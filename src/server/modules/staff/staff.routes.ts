import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { deletionRoutes } from '../../http/deletion-routes';
import {
  createStaffBodySchema,
  staffListItemSchema,
  staffListQuerySchema,
  staffSchema,
  updateStaffBodySchema,
} from '../../../shared/schemas/staff';
import { runQuery, runService } from '../../context';
import { assertBodyIdMatches } from '../../http/body-id';
import { csvListRoute } from '../../http/csv-routes';
import type { AppInstance } from '../../http/types';
import { withTotal } from '../../http/paging';
import { requireManagedFilters } from '../properties';
import { readStaffList, readStaffMember, readStaffPage } from './staff.reads';
import { createStaff, deleteStaff, previewStaffDeletion, updateStaff } from './staff.service';
import { formatPhone } from '../../../shared/phone-format';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function staffRoutes(app: AppInstance): Promise<void> {
  csvListRoute(app, {
    name: 'staff',
    tags: ['staff'],
    summary: "The caller's staff as a CSV download (every matching staff member, not one page)",
    description:
      'The staff of the properties the caller manages (an Admin: all staff), as the Staff screen ' +
      "lists them, with its filters and sort (q, propertyId, sort, order). Another landlord's " +
      'propertyId is a 404.',
    querystring: staffListQuerySchema.omit({ limit: true, offset: true }),
    authorize: requireManagedFilters,
    readPage: readStaffPage,
    columns: [
      { header: 'Name', value: (s) => `${s.firstName} ${s.lastName}` },
      { header: 'Position', value: (s) => s.position },
      { header: 'Email', value: (s) => s.email },
      { header: 'Phone', value: (s) => formatPhone(s.phone) },
      { header: 'Property', value: (s) => s.propertyName },
    ],
  });

  app.get(
    '/staff',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['staff'],
        summary:
          'Staff of the properties the caller manages (mine=true changes nothing: staff are never public)',
        description:
          'q searches names, email, phone, position and the property name (case-insensitive). ' +
          'The answer is one page (limit, default and at most 100; offset), sorted by sort and order; ' +
          'the exact total is in the X-Total-Count header.',
        querystring: staffListQuerySchema,
        response: { 200: z.array(staffListItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { staff, total } = await runQuery(request, readStaffList, request.query);
      return withTotal(reply, { rows: staff, total });
    },
  );

  app.get(
    '/staff/:id',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['staff'],
        summary: 'One staff member of a property the caller manages',
        params: idParamsSchema,
        response: { 200: staffSchema, ...errors },
      },
    },
    (request) => runQuery(request, readStaffMember, request.params.id),
  );

  app.post(
    '/staff',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['staff'],
        summary: 'Add a staff member to a property the caller manages',
        body: createStaffBodySchema,
        response: { 201: staffSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createStaff, request.body)),
  );

  app.put(
    '/staff/:id',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['staff'],
        summary: 'Update a staff member the caller manages (an id in the body must match the path)',
        params: idParamsSchema,
        body: updateStaffBodySchema,
        response: { 200: staffSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { id: bodyId, ...values } = request.body;
      assertBodyIdMatches('staff', id, bodyId);
      return runService(request, updateStaff, { id, values });
    },
  );

  deletionRoutes(app, {
    area: 'maintenance',
    path: 'staff',
    tags: ['staff'],
    errors,
    preview: {
      summary: 'What deleting a staff member the caller manages would do now; nothing changes',
      description:
        'Nothing blocks it (blockers is empty). removes: the work orders assigned to ' +
        'them, which become unassigned, and a linked portal login, which stays but loses ' +
        "them. Another landlord's staff member answers 404, as the delete does.",
      read: previewStaffDeletion,
    },
    delete: {
      summary: 'Remove a staff member the caller manages',
      service: deleteStaff,
      canRefuse: false,
    },
  });
}
