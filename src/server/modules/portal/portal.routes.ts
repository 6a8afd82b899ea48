import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  PORTAL_TENANTS_ONLY,
  portalHomeSchema,
  portalRequestBodySchema,
  portalWorkOrderDetailSchema,
  portalWorkOrderSchema,
} from '../../../shared/schemas/portal';
import { workOrderPhotoParamsSchema } from '../../../shared/schemas/work-orders';
import { actorOf, runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { requireTenantRole } from '../authz';
import { sendStoredFile } from '../uploads';
import { readPhoto } from '../uploads';
import { fileTenantRequest } from '../work-orders';
import { readOwnPortalHome, readOwnRequest, readOwnRequestPhoto } from './portal.reads';

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
    (request) => runQuery(request, readOwnPortalHome, undefined),
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
          'names none. photoIds: up to 5 photos the caller sent with POST /api/uploads. Files a ' +
          "New work order and notifies the unit's landlord.",
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

  app.get(
    '/portal/requests/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['portal'],
        summary:
          "One maintenance request on the tenant's unit: status, photos, notes shared with them",
        description:
          'For a user with the Tenant role (others: 403). A work order that does not concern the ' +
          "caller's tenancy answers 404, as a missing one. Internal notes, hours and costs are not shown.",
        params: idParamsSchema,
        response: { 200: portalWorkOrderDetailSchema, ...errors, 404: errorBodySchema },
      },
    },
    (request) => runQuery(request, readOwnRequest, request.params.id),
  );

  app.get(
    '/portal/requests/:id/photos/:photoId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['portal'],
        summary: "The bytes of a photo of a request on the tenant's unit (image/webp)",
        params: workOrderPhotoParamsSchema,
        response: { ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const upload = await runQuery(request, readOwnRequestPhoto, request.params);
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );
}
