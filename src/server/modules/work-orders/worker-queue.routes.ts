import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { workOrderPhotoParamsSchema } from '../../../shared/schemas/work-orders';
import {
  workerNoteBodySchema,
  workerPhotoBodySchema,
  workerQueueSchema,
  workerStatusBodySchema,
  workerWorkOrderSchema,
} from '../../../shared/schemas/worker-queue';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { sendStoredFile } from '../uploads';
import { readPhoto } from '../uploads';
import { readAssignedWorkOrder, readWorkOrderPhoto } from './work-orders.reads';
import {
  addAssignedWorkOrderNote,
  addAssignedWorkOrderPhoto,
  changeAssignedWorkOrderStatus,
  readWorkerQueue,
} from './worker-queue.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The maintenance worker's queue (phone first). `access: 'user'` plus the Maintenance role
 * (403 otherwise) and the authz policy 'is assigned this work order': a work order not
 * assigned to a staff record linked to the caller's account answers 404, exactly as a missing one.
 */
export async function workerQueueRoutes(app: AppInstance): Promise<void> {
  const targets = app.config.responseTargets;

  app.get(
    '/worker/work-orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary:
          "The open work orders assigned to the caller's linked staff record(s), emergencies first",
        description:
          'For a user with the Maintenance role (others: 403). `linked: false` (and no work orders) ' +
          "until a landlord's invitation has linked the account to a staff record.",
        response: { 200: workerQueueSchema, ...errors },
      },
    },
    (request) => runQuery(request, readWorkerQueue, targets),
  );

  app.get(
    '/worker/work-orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary:
          'One work order assigned to the caller: address, tenant name and phone, entry permission, notes, hours, cost',
        params: idParamsSchema,
        response: { 200: workerWorkOrderSchema, ...errors },
      },
    },
    (request) => runQuery(request, readAssignedWorkOrder, { id: request.params.id, targets }),
  );

  app.post(
    '/worker/work-orders/:id/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary:
          "Move an assigned work order along the worker's transitions (Assigned -> In progress -> Waiting -> Done)",
        params: idParamsSchema,
        body: workerStatusBodySchema,
        response: { 200: workerWorkOrderSchema, ...errors },
      },
    },
    (request) =>
      runService(
        request,
        async (ctx, input) =>
          readAssignedWorkOrder(ctx, {
            id: await changeAssignedWorkOrderStatus(ctx, input),
            targets,
          }),
        { id: request.params.id, body: request.body },
      ),
  );

  app.post(
    '/worker/work-orders/:id/notes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary: 'Add a note to an assigned work order, with the hours worked and the cost',
        params: idParamsSchema,
        body: workerNoteBodySchema,
        response: { 200: workerWorkOrderSchema, ...errors },
      },
    },
    (request) =>
      runService(
        request,
        async (ctx, input) =>
          readAssignedWorkOrder(ctx, { id: await addAssignedWorkOrderNote(ctx, input), targets }),
        { id: request.params.id, body: request.body },
      ),
  );

  app.post(
    '/worker/work-orders/:id/photos',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary:
          'Show a photo the caller sent (POST /api/uploads) on an assigned work order, before or after the work',
        params: idParamsSchema,
        body: workerPhotoBodySchema,
        response: { 200: workerWorkOrderSchema, ...errors },
      },
    },
    (request) =>
      runService(
        request,
        async (ctx, input) =>
          readAssignedWorkOrder(ctx, { id: await addAssignedWorkOrderPhoto(ctx, input), targets }),
        { id: request.params.id, body: request.body },
      ),
  );

  app.get(
    '/worker/work-orders/:id/photos/:photoId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['worker'],
        summary: 'The bytes of a photo of a work order assigned to the caller (image/webp)',
        params: workOrderPhotoParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const upload = await runQuery(request, readWorkOrderPhoto, {
        ...request.params,
        role: 'worker',
      });
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );
}
