import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  createPropertyBodySchema,
  propertyListQuerySchema,
  propertySchema,
  updatePropertyBodySchema,
  type Property,
} from '../../../shared/schemas/properties';
import { deletionRoutes } from '../../http/deletion-routes';
import { assertBodyIdMatches } from '../../http/body-id';
import { csvListRoute } from '../../http/csv-routes';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { propertyExportSchema } from '../../../shared/schemas/property-export';
import { calendarDate } from '../../../shared/dates';
import { parseListingSearch } from '../../../shared/listing-search';
import { limitPublicSearch } from './search.rate-limit';
import { requestContext, runQuery, runService } from '../../context';
import { managerWhenMine } from '../auth';
import type { ListingCriteria } from './properties.repository';
import {
  readManagedPropertiesPage,
  readManagedPropertyList,
  readProperty,
} from './properties.reads';
import { publicPropertyList } from './public-property-list';
import {
  createProperty,
  deleteProperty,
  previewPropertyDeletion,
  updateProperty,
} from './properties.service';
import { exportProperty } from './property-export.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export async function propertiesRoutes(app: AppInstance): Promise<void> {
  const readPublicList = publicPropertyList(app.config.publicListCacheBytes);

  // The public browser reads listings a page at a time; a bulk download is its manager's.
  csvListRoute(app, {
    name: 'properties',
    tags: ['properties'],
    summary: "The caller's properties as a CSV download (every matching property, not one page)",
    description:
      'The properties the caller manages (an Admin: every property), as the Properties screen ' +
      'lists them, with its search and sort (q, sort, order). Never public: unlike the JSON list, ' +
      'a visitor or a Tenant is refused.',
    querystring: propertyListQuerySchema.omit({
      limit: true,
      offset: true,
      mine: true,
      include: true,
    }),
    readPage: readManagedPropertiesPage,
    columns: [
      { header: 'Name', value: (p) => p.name },
      { header: 'Address', value: (p) => p.address },
      { header: 'City', value: (p) => p.city },
      { header: 'State', value: (p) => p.state },
      { header: 'Zip code', value: (p) => p.zipCode },
    ],
  });

  app.get(
    '/properties',
    {
      config: { access: managerWhenMine, area: 'properties' },
      preHandler: limitPublicSearch,
      schema: {
        tags: ['properties'],
        summary:
          'Properties with their owner contact (public); mine=true: only those the caller manages',
        description:
          'q searches property, owner and unit fields (case-insensitive). The answer is one page (limit, default ' +
          'and at most 100; offset), sorted by sort and order; the exact total is in the X-Total-Count header. ' +
          "include=units adds each property's units. The public answer (without mine) carries an ETag " +
          'that changes with every write to the listings: send it back in If-None-Match and an ' +
          'unchanged answer is 304 with no body.',
        querystring: propertyListQuerySchema,
        response: {
          200: z.array(propertySchema),
          304: z.null().describe('Not modified: the copy named in If-None-Match is current'),
          ...errors,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { mine, include, beds, baths, minRent, maxRent, city, rented, ...page } = request.query;
      const options = { ...page, includeUnits: include === 'units' };
      let answer;
      if (mine) {
        answer = await runQuery(request, readManagedPropertyList, options);
      } else {
        // '2 bedroom' or '$1,300' in the search box are filters (docs/product.md section 16).
        const typed = page.q ? parseListingSearch(page.q) : undefined;
        const listing: ListingCriteria = {
          minBedrooms: beds ?? typed?.minBedrooms,
          minBathrooms: baths ?? typed?.minBathrooms,
          minRent,
          maxRent: maxRent ?? typed?.maxRent,
          city,
          includeRented: rented,
        };
        answer = await runQuery(request, readPublicList, {
          options: { ...options, q: typed ? typed.text || undefined : undefined, listing },
          ifNoneMatch: request.headers['if-none-match'],
        });
      }
      if ('etag' in answer && answer.etag) reply.header('etag', answer.etag);
      // No payload at all: a JSON null would announce a body that a 304 never carries.
      if (answer.body === null) return reply.status(304).send(undefined as unknown as null);
      withTotal(reply, { rows: null, total: answer.total });
      // Built as JSON by the database in the response schema's shape (the tests check it):
      // sent as it is, not parsed and serialized again.
      const json = answer.body as unknown as Property[];
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/properties/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: 'One property with its owner contact (public)',
        params: idParamsSchema,
        response: { 200: propertySchema, 404: errorBodySchema },
      },
    },
    (request) => runQuery(request, readProperty, request.params.id),
  );

  app.get(
    '/properties/:id/export',
    {
      config: { access: 'manager', area: 'properties' },
      schema: {
        tags: ['properties'],
        summary: "A property's full data as one JSON download (its manager or an Admin)",
        description:
          'The property with its owner contact; all its units, staff and tenants; every lease of ' +
          'its tenants with the lease ledger (entries with running balance) and the deposit account ' +
          '(depositAccount); every work order with its notes (not photos). Money is a number ' +
          'with at most two decimals, as everywhere in the API. Sent as an attachment named ' +
          "property-{id}-YYYY-MM-DD.json. Another landlord's property answers 404.",
        params: idParamsSchema,
        response: { 200: propertyExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // One snapshot: the document's parts agree (a payment is in its ledger and its balance).
      const document = await runQuery(
        request,
        exportProperty,
        { id, targets: app.config.responseTargets },
        { snapshot: true },
      );
      const { now, timeZone } = requestContext(request);
      void reply.header(
        'Content-Disposition',
        `attachment; filename="property-${id}-${calendarDate(now, timeZone)}.json"`,
      );
      return document;
    },
  );

  app.post(
    '/properties',
    {
      config: { access: 'manager', area: 'properties' },
      schema: {
        tags: ['properties'],
        summary:
          'Create a property (the caller owns it; an Admin may name the owning landlord by userId)',
        body: createPropertyBodySchema,
        response: { 201: propertySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createProperty, request.body)),
  );

  app.put(
    '/properties/:id',
    {
      config: { access: 'manager', area: 'properties' },
      schema: {
        tags: ['properties'],
        summary: 'Update a property the caller manages (the owner never changes here)',
        params: idParamsSchema,
        body: updatePropertyBodySchema,
        response: { 200: propertySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { userId: _ignored, id: bodyId, ...values } = request.body;
      assertBodyIdMatches('properties', id, bodyId);
      return runService(request, updateProperty, { id, values });
    },
  );

  deletionRoutes(app, {
    area: 'properties',
    path: 'properties',
    tags: ['properties'],
    errors,
    preview: {
      summary: 'What deleting a property the caller manages would do now; nothing changes',
      description:
        'blockers: what must be removed first (its units); while any is listed, DELETE answers ' +
        '409 with the same messages. removes: what goes with it (its staff). ' +
        "Another landlord's property answers 404, as the delete does.",
      read: previewPropertyDeletion,
    },
    delete: {
      summary: 'Delete a property the caller manages; refused (409) while it still has units',
      service: deleteProperty,
      canRefuse: true,
    },
  });
}
