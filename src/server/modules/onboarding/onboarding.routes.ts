import { errorBodySchema } from '../../../shared/schemas/common';
import { onboardingSchema } from '../../../shared/schemas/onboarding';
import type { AppInstance } from '../../http/types';
import { runQuery } from '../../context';
import { readOnboarding } from './onboarding.reads';

export async function onboardingRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/onboarding',
    {
      config: { access: 'manager', area: 'portfolio' },
      schema: {
        tags: ['dashboard'],
        summary: "Which first-run steps the caller's portfolio has done",
        description:
          "Property, unit, tenant, lease and portal invitation: each true once the portfolio holds one. An Admin sees every landlord's records, so the steps read as done once anyone has taken them.",
        security: [{ session: [] }],
        response: { 200: onboardingSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => runQuery(request, readOnboarding, undefined),
  );
}
