import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../maintenance';
import { idSchema, optionalText, requiredText } from './common';
import {
  NOTE_VISIBILITIES,
  addNoteBodySchema,
  workOrderSchema,
  workOrderSummarySchema,
} from './work-orders';

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

/** Who may read a note: the worker's form asks, naming the tenant's choice first. */
const noteVisibilitySchema = z.enum(NOTE_VISIBILITIES, {
  error: 'Please choose who sees this note',
});

/**
 * POST /api/worker/work-orders/{id}/status: only the worker's moves are allowed. A note may
 * come with the move (what was done, on Done), recorded in the same step; it is the tenant's
 * to read unless the worker keeps it to staff.
 */
export const workerStatusBodySchema = z.object({
  status: z.enum(WORK_ORDER_STATUSES, { error: 'Please choose a status' }),
  note: optionalText('Note', 2000),
  visibility: noteVisibilitySchema.default('tenant'),
});
export type WorkerStatusBody = z.infer<typeof workerStatusBodySchema>;

/**
 * POST /api/worker/work-orders/{id}/notes: a note with the hours worked and the cost, if any.
 * The form always says who sees it; a call that does not keeps it to staff, as before.
 */
export const workerNoteBodySchema = z.object({
  note: requiredText('Note', 2000),
  visibility: noteVisibilitySchema.default('internal'),
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
