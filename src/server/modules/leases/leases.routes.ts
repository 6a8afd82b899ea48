import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { deletionRoutes } from '../../http/deletion-routes';
import {
  leaseBodySchema,
  leaseListItemSchema,
  leaseListQuerySchema,
  leaseSchema,
} from '../../../shared/schemas/leases';
import { calendarDate } from '../../../shared/dates';
import { LEASE_STATE_LABELS } from '../../../shared/lease-state';
import { runQuery, runService } from '../../context';
import { csvListRoute, csvMoney } from '../../http/csv-routes';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { requireManagedFilters } from '../properties';
import { toLease } from './leases.repository';
import { readLease, readLeaseList, readLeasesPage } from './leases.reads';
import { changeLease, createLease, deleteLease, previewLeaseDeletion } from './leases.service';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function leasesRoutes(app: AppInstance): Promise<void> {
  const today = () => calendarDate(app.config.now(), app.config.timeZone);

  csvListRoute(app, {
    name: 'leases',
    tags: ['leases'],
    summary: "The caller's leases as a CSV download (every matching lease, not one page)",
    description:
      "The leases of the caller's tenants (an Admin: every lease), as the Leases screen lists " +
      'them, with its filters and sort (q, status, startFrom, endTo, propertyId, tenantId, sort, ' +
      "order). Status is the lease's state read from its dates, as on the screen. Another " +
      "landlord's propertyId or tenantId is a 404.",
    querystring: leaseListQuerySchema.omit({ limit: true, offset: true }),
    authorize: requireManagedFilters,
    readPage: readLeasesPage,
    columns: [
      { header: 'Tenant', value: (l) => `${l.firstName} ${l.lastName}` },
      { header: 'Unit #', value: (l) => l.unitNumber },
      { header: 'Property', value: (l) => l.propertyName },
      { header: 'Start', value: (l) => l.startDate },
      { header: 'End', value: (l) => l.endDate },
      { header: 'Rent', value: (l) => csvMoney(l.rent) },
      { header: 'Deposit', value: (l) => csvMoney(l.deposit) },
      { header: 'Status', value: (l) => LEASE_STATE_LABELS[l.state] },
    ],
  });

  app.get(
    '/leases',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['leases'],
        summary: "The leases of the caller's tenants (Landlord/Admin)",
        description:
          'q searches tenant names, unit number and property name (case-insensitive); status filters ' +
          'exactly; startFrom and endTo bound the dates. The answer is one page (limit, default and at ' +
          'most 100; offset), sorted by sort and order (newest start first by default); the exact total ' +
          'is in the X-Total-Count header.',
        querystring: leaseListQuerySchema,
        response: {
          200: z.array(leaseListItemSchema),
          400: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const page = await runQuery(request, readLeaseList, request.query);
      return withTotal(reply, { rows: page.leases, total: page.total });
    },
  );

  app.get(
    '/leases/:id',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['leases'],
        summary: 'One lease',
        params: idParamsSchema,
        response: { 200: leaseSchema, ...errors },
      },
    },
    (request) => runQuery(request, readLease, request.params.id),
  );

  app.post(
    '/leases',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['leases'],
        summary:
          "Create a lease for one of the caller's tenants (unit number and names copied from the tenant)",
        body: leaseBodySchema,
        response: {
          201: leaseSchema,
          400: errorBodySchema,
          ...errors,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(toLease(await runService(request, createLease, request.body), today())),
  );

  app.put(
    '/leases/:id',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['leases'],
        summary: 'Edit a lease',
        params: idParamsSchema,
        body: leaseBodySchema,
        response: {
          200: leaseSchema,
          400: errorBodySchema,
          ...errors,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) =>
      toLease(
        await runService(request, changeLease, { id: request.params.id, body: request.body }),
        today(),
      ),
  );

  deletionRoutes(app, {
    area: 'leasing',
    path: 'leases',
    tags: ['leases'],
    errors,
    preview: {
      summary: 'What deleting a lease the caller manages would do now; nothing changes',
      description:
        'blockers: its ledger entries and deposit records (a lease with money records is ' +
        'Terminated, not deleted); while any is listed, DELETE answers 409 with the same ' +
        "message. Another landlord's lease answers 404, as the delete does.",
      read: previewLeaseDeletion,
    },
    delete: {
      summary: 'Delete a lease (409 when it has ledger entries)',
      service: deleteLease,
      canRefuse: true,
    },
  });
}
