import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { deletionRoutes } from '../../http/deletion-routes';
import {
  createVendorBodySchema,
  updateVendorBodySchema,
  vendorListItemSchema,
  vendorListQuerySchema,
  vendorSchema,
} from '../../../shared/schemas/vendors';
import { runQuery, runService } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import {
  createVendor,
  deleteVendor,
  listVendors,
  previewVendorDeletion,
  readVendor,
  setVendorArchived,
  updateVendor,
} from './vendors.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['vendors'];

/**
 * A landlord's payees (docs/product.md section 29). Each landlord sees their own; an Admin sees
 * every landlord's. Another landlord's vendor answers 404. The tax id is written, never read
 * back: the answers carry it masked to its last four digits, and lists only say one is on file.
 */
export async function vendorsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/vendors',
    {
      config: { access: 'manager', area: 'vendors' },
      schema: {
        tags,
        summary: "The caller's vendors (archived=true: the archived ones), one page",
        description:
          'q searches name, contact name and trade; sort by name or trade. The exact total is ' +
          'in the X-Total-Count header. No tax id is listed, only hasTaxId.',
        querystring: vendorListQuerySchema,
        response: {
          200: z.array(vendorListItemSchema),
          ...errors,
        },
      },
    },
    async (request, reply) => withTotal(reply, await runQuery(request, listVendors, request.query)),
  );

  app.post(
    '/vendors',
    {
      config: { access: 'manager', area: 'vendors' },
      schema: {
        tags,
        summary: 'Add a vendor (a payee: a plumber, the insurer, the county)',
        description:
          'taxId, if given, must be an EIN (12-3456789) or an SSN (123-45-6789); it is stored ' +
          'and only ever shown masked.',
        body: createVendorBodySchema,
        response: { 201: vendorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createVendor, request.body)),
  );

  app.get(
    '/vendors/:id',
    {
      config: { access: 'manager', area: 'vendors' },
      schema: {
        tags,
        summary: 'One vendor, its tax id masked (e.g. •••-••-1234)',
        params: idParamsSchema,
        response: { 200: vendorSchema, ...errors },
      },
    },
    (request) => runQuery(request, readVendor, request.params.id),
  );

  app.patch(
    '/vendors/:id',
    {
      config: { access: 'manager', area: 'vendors' },
      schema: {
        tags,
        summary: 'Change a vendor: the fields sent change (taxId null clears it)',
        params: idParamsSchema,
        body: updateVendorBodySchema,
        response: { 200: vendorSchema, ...errors },
      },
    },
    (request) => runService(request, updateVendor, { id: request.params.id, body: request.body }),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/vendors/:id/${action}`,
      {
        config: { access: 'manager', area: 'vendors' },
        schema: {
          tags,
          summary: archived
            ? 'Archive a vendor: gone from the pickers, still named by its expenses'
            : 'Bring an archived vendor back to the pickers',
          params: idParamsSchema,
          response: { 200: vendorSchema, 409: errorBodySchema, ...errors },
        },
      },
      (request) => runService(request, setVendorArchived, { id: request.params.id, archived }),
    );
  }

  deletionRoutes(app, {
    area: 'vendors',
    path: 'vendors',
    tags,
    errors,
    preview: {
      summary: 'What deleting a vendor would do now; nothing changes',
      description:
        'blockers: the expenses, recurring expenses and work orders that name the vendor; ' +
        'while any is there the delete answers 409 and the vendor can be archived instead.',
      read: previewVendorDeletion,
    },
    delete: {
      summary: 'Delete a vendor nothing names (409 once used: archive it instead)',
      service: deleteVendor,
      canRefuse: true,
    },
  });
}
