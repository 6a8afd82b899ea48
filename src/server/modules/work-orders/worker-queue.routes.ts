import type { FastifyRequest } from 'fastify';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { workOrderPhotoParamsSchema } from '../../../shared/schemas/work-orders';
import {
  WORKER_QUEUE_MAINTENANCE_ONLY,
  workerNoteBodySchema,
  workerPhotoBodySchema,
  workerQueueSchema,
  workerStatusBodySchema,
  workerWorkOrderSchema,
  type WorkerWorkOrder,
} from '../../../shared/schemas/worker-queue';
import { actorOf, runService } from '../../context';
import { notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { requireMaintenanceRole, workOrdersAssignedToAccountFilter } from '../authz';
import { sendStoredFile } from '../uploads';
import { readPhoto } from '../uploads';
import { findPhotoUpload, findWorkOrder } from './work-orders.repository';
import { readWorkOrder } from './work-orders.service';
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
  const clock = () => ({ now: app.config.now(), targets: app.config.responseTargets });

  /** The worker's view: the tenant's email is left out here, not only by the schema. */
  async function detail(request: FastifyRequest, id: number): Promise<WorkerWorkOrder> {
    const actor = actorOf(request);
    requireMaintenanceRole(actor, WORKER_QUEUE_MAINTENANCE_ONLY);
    const order = await readWorkOrder(
      app.db,
      id,
      workOrdersAssignedToAccountFilter(actor),
      clock(),
    );
    const { tenant } = order;
    return {
      ...order,
      tenant: tenant && { id: tenant.id, name: tenant.name, phone: tenant.phone },
    };
  }

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
    async (request) => readWorkerQueue(app.db, actorOf(request), clock()),
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
    async (request) => detail(request, request.params.id),
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
    async (request) => {
      const id = await runService(request, changeAssignedWorkOrderStatus, {
        id: request.params.id,
        body: request.body,
      });
      return detail(request, id);
    },
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
    async (request) => {
      const id = await runService(request, addAssignedWorkOrderNote, {
        id: request.params.id,
        body: request.body,
      });
      return detail(request, id);
    },
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
    async (request) => {
      const id = await runService(request, addAssignedWorkOrderPhoto, {
        id: request.params.id,
        body: request.body,
      });
      return detail(request, id);
    },
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
      const actor = actorOf(request);
      requireMaintenanceRole(actor, WORKER_QUEUE_MAINTENANCE_ONLY);
      const { id, photoId } = request.params;
      const found = await findWorkOrder(app.db, id, workOrdersAssignedToAccountFilter(actor));
      const upload = found ? await findPhotoUpload(app.db, id, photoId) : undefined;
      if (!upload) throw notFound('work-orders.photo_not_found', 'Photo not found');
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );
}
