import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  type DashboardResponse,
} from '../../../shared/schemas/dashboard';
import type { AppInstance } from '../../http/types';
import { runQuery } from '../../context';
import { buildDashboard } from './dashboard.service';

export async function dashboardRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/landlord/dashboard',
    {
      config: { access: 'manager', area: 'portfolio' },
      schema: {
        tags: ['dashboard'],
        summary:
          "The landlord's summary figures, property cards, units, current leases and owner contacts",
        description: [
          "Only the caller's own records (an Admin sees every landlord's). A unit is occupied when its",
          'status is Rented (any case); a lease is current when its status is Active and its end date is',
          "not before today (the server's calendar date in its configured time zone); activeLeases counts",
          'current leases and totalMonthlyRent is the exact sum of their rents. The owner contact of a',
          "property is its staff member whose position is 'Owner', else the landlord account.",
          'Without options the answer holds every section, which for a large portfolio is large: use',
          "`sections` and `propertyId` to ask for what a screen shows. A landlord's answer carries an",
          'ETag that changes with every write to their portfolio and with the date: send it back in',
          'If-None-Match and an unchanged answer is 304 with no body.',
        ].join(' '),
        security: [{ session: [] }],
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardResponseSchema,
          304: z.null().describe('Not modified: the copy named in If-None-Match is current'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await runQuery(request, buildDashboard, {
        query: request.query,
        ifNoneMatch: request.headers['if-none-match'],
      });
      // A 304 costs one small query. No browser cache keeps the answer (the API says
      // no-store): a client that holds a copy names it in If-None-Match.
      if (answer.etag) reply.header('etag', answer.etag);
      // No payload at all: a JSON null would announce a body that a 304 never carries.
      if (answer.body === null) return reply.status(304).send(undefined as unknown as null);
      // Built as JSON by the database in the response schema's shape (the tests check it):
      // sent as it is, not parsed and serialized again.
      const json = answer.body as unknown as DashboardResponse;
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
