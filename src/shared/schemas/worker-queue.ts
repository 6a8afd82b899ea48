import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../maintenance';
import { idSchema, requiredText } from './common';
import { addNoteBodySchema, workOrderSchema, workOrderSummarySchema } from './work-orders';

/** The 403 of the worker's calls for an account without the Maintenance role. */
export const WORKER_QUEUE_MAINTENANCE_ONLY = 'This page is for maintenance staff';

/** One work order in the worker's queue: the summary plus the property's address. */
export const workerQueueItemSchema = workOrderSummarySchema.extend({
  address: z.string(),
});
export type WorkerQueueItem = z.infer<typeof workerQueueItemSchema>;

/**
 * One work order as its worker sees it: the tenant's name and phone and whether they allow
 * entry, never their email (a worker calls or knocks; nothing else of the tenant's is theirs).
 */
export const workerWorkOrderSchema = workOrderSchema.extend({
  tenant: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
});
export type WorkerWorkOrder = z.infer<typeof workerWorkOrderSchema>;

/** GET /api/worker/work-orders: `linked` is false until an invitation linked a staff record. */
export const workerQueueSchema = z.object({
  linked: z.boolean(),
  workOrders: z.array(workerQueueItemSchema),
});
export type WorkerQueue = z.infer<typeof workerQueueSchema>;

/** POST /api/worker/work-orders/{id}/status: only the worker's moves are allowed. */
export const workerStatusBodySchema = z.object({
  status: z.enum(WORK_ORDER_STATUSES, { error: 'Please choose a status' }),
});
export type WorkerStatusBody = z.infer<typeof workerStatusBodySchema>;

/** POST /api/worker/work-orders/{id}/notes: a note with the hours worked and the cost, if any. */
export const workerNoteBodySchema = z.object({
  note: requiredText('Note', 2000),
  hours: addNoteBodySchema.shape.labourHours,
  cost: addNoteBodySchema.shape.cost,
});
export type WorkerNoteBody = z.infer<typeof workerNoteBodySchema>;
export type WorkerNoteFormValues = z.input<typeof workerNoteBodySchema>;

/** POST /api/worker/work-orders/{id}/photos: a before or after photo the worker sent. */
export const workerPhotoBodySchema = z.object({
  uploadId: idSchema,
  kind: z.enum(['before', 'after']).default('after'),
});
export type WorkerPhotoBody = z.infer<typeof workerPhotoBodySchema>;
