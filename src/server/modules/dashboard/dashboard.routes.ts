import { errorBodySchema } from '../../../shared/schemas/common';
import { dashboardQuerySchema, dashboardResponseSchema } from '../../../shared/schemas/dashboard';
import type { AppInstance } from '../../http/types';
import { requireManager } from '../auth/auth.plugin';
import { buildDashboard } from './dashboard.service';

export async function dashboardRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/landlord/dashboard',
    {
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
          '`sections` and `propertyId` to ask for what a screen shows.',
        ].join(' '),
        security: [{ session: [] }],
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireManager(request);
      return buildDashboard(
        { db: app.db, user, now: app.config.now(), timeZone: app.config.timeZone },
        request.query,
      );
    },
  );
}
