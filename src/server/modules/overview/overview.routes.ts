import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { propertyOverviewSchema, unitOverviewSchema } from '../../../shared/schemas/overview';
import { runQuery } from '../../context';
import type { AppInstance } from '../../http/types';
import { readPropertyOverview, readUnitOverview } from './overview.read';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** The property and unit pages, each in one call (docs/product.md, property and unit pages). */
export async function overviewRoutes(app: AppInstance): Promise<void> {
  const targets = app.config.responseTargets;

  app.get(
    '/properties/:id/overview',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: "A property's page: the property and its units (public); more for its manager",
        description:
          'Anyone gets the property with its owner contact and its units. Its landlord or an Admin ' +
          "also gets `manager`: the units' current tenants, the tenants living there, the leases not " +
          'yet ended, the staff and the open work orders. Each section carries its first rows and ' +
          'its total.',
        params: idParamsSchema,
        response: { 200: propertyOverviewSchema, ...errors },
      },
    },
    (request) => runQuery(request, readPropertyOverview, { id: request.params.id, targets }),
  );

  app.get(
    '/units/:id/overview',
    {
      config: { access: 'public' },
      schema: {
        tags: ['units'],
        summary: "A unit's page: the unit and its property (public); its history for its manager",
        description:
          'Anyone gets the unit and its property. Its landlord or an Admin also gets `manager`: every ' +
          'tenant (those living there first), lease, application and work order of the unit, newest ' +
          'first.',
        params: idParamsSchema,
        response: { 200: unitOverviewSchema, ...errors },
      },
    },
    (request) => runQuery(request, readUnitOverview, { id: request.params.id, targets }),
  );
}
