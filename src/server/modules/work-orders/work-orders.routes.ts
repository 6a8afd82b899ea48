import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  addNoteBodySchema,
  addPhotoBodySchema,
  assignWorkOrderBodySchema,
  changeStatusBodySchema,
  chargeWorkOrderBodySchema,
  createWorkOrderBodySchema,
  workOrderCountsSchema,
  workOrderListQuerySchema,
  workOrderPhotoParamsSchema,
  workOrderSchema,
  workOrderSummarySchema,
} from '../../../shared/schemas/work-orders';
import { runQuery, runService, type Service } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { sendStoredFile } from '../uploads';
import { readPhoto } from '../uploads';
import {
  readManagedWorkOrder,
  readManagedWorkOrderCounts,
  readManagedWorkOrders,
  readWorkOrderPhoto,
} from './work-orders.reads';
import {
  addWorkOrderNote,
  addWorkOrderPhoto,
  assignWorkOrder,
  changeWorkOrderStatus,
  fileWorkOrder,
} from './work-orders.service';
import { chargeWorkOrderToTenant } from './work-order-charges.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export async function workOrdersRoutes(app: AppInstance): Promise<void> {
  const targets = app.config.responseTargets;

  app.get(
    '/work-orders',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['work-orders'],
        summary: 'Work orders of the properties the caller manages, emergencies and oldest first',
        description:
          'Filters: propertyId, status, priority, assigneeId (a staff id), tenantId (the requests ' +
          'that concern a tenant), overdue (not acknowledged ' +
          "within its priority's response target), open (New, Assigned, In progress or Waiting). " +
          'A property, staff or tenant id the caller does not manage answers 404. With limit or offset ' +
          'the answer is that page, the total is in the X-Total-Count header and the next page in Link.',
        querystring: workOrderListQuerySchema,
        response: { 200: z.array(workOrderSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { workOrders, total } = await runQuery(request, readManagedWorkOrders, {
        query,
        targets,
      });
      if (query.limit !== undefined || query.offset !== undefined) {
        return withTotal(reply, { rows: workOrders, total });
      }
      return workOrders;
    },
  );

  app.get(
    '/work-orders/counts',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['work-orders'],
        summary: "The dashboard's maintenance counts: open, open emergencies, overdue",
        response: { 200: workOrderCountsSchema, ...errors },
      },
    },
    (request) => runQuery(request, readManagedWorkOrderCounts, targets),
  );

  app.get(
    '/work-orders/:id',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['work-orders'],
        summary: 'One work order with its notes, hours, cost and photos',
        params: idParamsSchema,
        response: { 200: workOrderSchema, ...errors },
      },
    },
    (request) => runQuery(request, readManagedWorkOrder, { id: request.params.id, targets }),
  );

  app.post(
    '/work-orders',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['work-orders'],
        summary: 'File a maintenance request for a unit the caller manages',
        description: 'photoIds: up to 5 photos the caller sent with POST /api/uploads.',
        body: createWorkOrderBodySchema,
        response: { 201: workOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const order = await runService(
        request,
        async (ctx, body) =>
          readManagedWorkOrder(ctx, { id: await fileWorkOrder(ctx, body), targets }),
        request.body,
      );
      return reply.status(201).send(order);
    },
  );

  /** A write on one work order, answered with the work order as it now is. */
  function action<Body>(
    path: string,
    summary: string,
    body: z.ZodType<Body>,
    service: Service<{ id: number; body: Body }, number>,
  ) {
    app.post(
      `/work-orders/:id/${path}`,
      {
        config: { access: 'manager', area: 'maintenance' },
        schema: {
          tags: ['work-orders'],
          summary,
          params: idParamsSchema,
          body,
          response: { 200: workOrderSchema, ...errors },
        },
      },
      (request) =>
        runService(
          request,
          async (ctx, input) =>
            readManagedWorkOrder(ctx, { id: await service(ctx, input), targets }),
          { id: request.params.id, body: request.body as Body },
        ),
    );
  }

  action(
    'assign',
    'Triage: assign a staff member and a scheduled date (New or Assigned only)',
    assignWorkOrderBodySchema,
    assignWorkOrder,
  );
  action(
    'status',
    'Move the work order to another status (allowed transitions only; Cancelled needs a reason)',
    changeStatusBodySchema,
    changeWorkOrderStatus,
  );
  action(
    'notes',
    'Add a note (internal or shared with the tenant), with hours worked and cost',
    addNoteBodySchema,
    addWorkOrderNote,
  );
  action(
    'charge',
    "Charge a Done or Closed work order's cost to the tenant: one 'damages' charge on the " +
      "unit's current lease (amount: the recorded cost unless given), at most once (else 409)",
    chargeWorkOrderBodySchema,
    chargeWorkOrderToTenant,
  );
  action(
    'photos',
    'Show a photo the caller sent (POST /api/uploads) as a before or after photo',
    addPhotoBodySchema,
    addWorkOrderPhoto,
  );

  app.get(
    '/work-orders/:id/photos/:photoId',
    {
      config: { access: 'manager', area: 'maintenance' },
      schema: {
        tags: ['work-orders'],
        summary: 'The bytes of a photo of a work order the caller may see (image/webp)',
        params: workOrderPhotoParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const upload = await runQuery(request, readWorkOrderPhoto, {
        ...request.params,
        role: 'manager',
      });
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );
}
