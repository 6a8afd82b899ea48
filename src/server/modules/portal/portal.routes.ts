import { calendarDate } from '../../../shared/dates';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  PORTAL_TENANTS_ONLY,
  portalHomeSchema,
  portalRequestBodySchema,
  portalWorkOrderSchema,
} from '../../../shared/schemas/portal';
import { actorOf, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { requireTenantRole } from '../authz/authz';
import { fileTenantRequest } from '../work-orders/tenant-requests.service';
import { readPortalHome } from './portal.repository';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * The tenant's portal: what '/' shows a Tenant. A portal route is `access: 'user'` plus the
 * tenant policy of the authz module (decision 0011): the answer is the caller's own tenancy,
 * found from the session, and the path names no record.
 */
export async function portalRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/portal/home',
    {
      config: { access: 'user' },
      schema: {
        tags: ['portal'],
        summary:
          "The tenant's home: unit, property, landlord's public contact, lease, balance, ledger, work orders",
        description:
          "For a user with the Tenant role (others: 403). `{ linked: false }` until a landlord's " +
          'invitation has linked the account to a tenant record.',
        response: { 200: portalHomeSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireTenantRole(actor, PORTAL_TENANTS_ONLY);
      return readPortalHome(app.db, actor, calendarDate(app.config.now(), app.config.timeZone));
    },
  );

  app.post(
    '/portal/requests',
    {
      config: { access: 'user' },
      schema: {
        tags: ['portal'],
        summary: 'A linked tenant reports a maintenance problem in their own unit',
        description:
          'For a user with the Tenant role (others: 403) whose account is linked to a tenant ' +
          "record (else 409) who has not moved out (409). The unit is the tenant's own; the body " +
          "names none. Files a New work order and notifies the unit's landlord.",
        body: portalRequestBodySchema,
        response: {
          201: portalWorkOrderSchema,
          ...errors,
          400: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      requireTenantRole(actorOf(request), PORTAL_TENANTS_ONLY);
      const order = await runService(request, fileTenantRequest, request.body);
      return reply.status(201).send(order);
    },
  );
}
