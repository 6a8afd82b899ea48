import { z } from 'zod';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  WORK_ORDER_STATUSES,
} from '../maintenance';
import {
  calendarDateSchema,
  hasAtMostDecimals,
  idSchema,
  MAX_ID,
  moneySchema,
  optionalText,
  requiredText,
} from './common';

export const MAX_REQUEST_PHOTOS = 5;
export const PHOTO_KINDS = ['request', 'before', 'after'] as const;
export const NOTE_VISIBILITIES = ['internal', 'tenant'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

/**
 * A repair's money stays far inside exact arithmetic (2^53 cents): one note records at most
 * $1,000,000 and a work order's notes add up to at most $10,000,000 (docs/product.md section 21).
 */
export const MAX_NOTE_COST = 1_000_000;
export const MAX_WORK_ORDER_COST = 10_000_000;
export const NOTE_COST_TOO_LARGE = 'Cost must be at most $1,000,000.00';
export const WORK_ORDER_COST_TOO_LARGE =
  "A work order's costs cannot add up to more than $10,000,000.00";

export const workOrderNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  visibility: z.enum(NOTE_VISIBILITIES),
  labourHours: z.number().nullable(),
  cost: z.number().nullable(),
  author: z.string(),
  createdAt: z.string(),
});
export type WorkOrderNote = z.infer<typeof workOrderNoteSchema>;

export const workOrderPhotoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PHOTO_KINDS),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type WorkOrderPhoto = z.infer<typeof workOrderPhotoSchema>;

/** One work order as a list shows it. A request is a work order that is still New. */
export const workOrderSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  unitId: z.number().int(),
  unitNumber: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  assignedStaffId: z.number().int().nullable(),
  /** Or an outside vendor of the landlord's does the work (never both). */
  assignedVendorId: z.number().int().nullable(),
  /** The staff member's name, or the vendor's. */
  assigneeName: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  filedAt: z.string(),
  respondBy: z.string(),
  overdue: z.boolean(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummarySchema>;

export const workOrderSchema = workOrderSummarySchema.extend({
  description: z.string().nullable(),
  location: z.string().nullable(),
  entryPermission: z.boolean(),
  closeReason: z.string().nullable(),
  address: z.string(),
  tenant: z
    .object({ id: z.number().int(), name: z.string(), phone: z.string(), email: z.string() })
    .nullable(),
  labourHours: z.number(),
  cost: z.number(),
  notes: z.array(workOrderNoteSchema),
  photos: z.array(workOrderPhotoSchema),
  /** The ledger entry that charged the cost to the tenant; null until the landlord does so. */
  chargedLedgerEntryId: z.number().int().nullable(),
  /** The expense that put the cost in the landlord's books ('Expense #N'); null until then. */
  expenseId: z.number().int().nullable(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const photoIdsSchema = z
  .array(idSchema)
  .max(MAX_REQUEST_PHOTOS, `At most ${MAX_REQUEST_PHOTOS} photos`)
  .refine((ids) => new Set(ids).size === ids.length, 'A photo is listed twice')
  .default([]);

/** POST /api/work-orders: a request for a unit, filed by its landlord (or, later, its tenant). */
export const createWorkOrderBodySchema = z.object({
  unitId: z
    .number({ error: 'Please select a unit' })
    .int('Please select a unit')
    .positive('Please select a unit')
    .max(MAX_ID, 'Please select a unit'),
  title: requiredText('What is wrong', 120),
  description: optionalText('Details', 2000),
  location: optionalText('Where in the unit', 120),
  category: z.enum(MAINTENANCE_CATEGORIES, { error: 'Please choose a category' }),
  priority: z.enum(MAINTENANCE_PRIORITIES, { error: 'Please choose a priority' }),
  entryPermission: z.boolean().default(false),
  photoIds: photoIdsSchema,
});
export type CreateWorkOrderBody = z.infer<typeof createWorkOrderBodySchema>;
export type WorkOrderFormValues = z.input<typeof createWorkOrderBodySchema>;

const assigneeId = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_ID, message)
    .nullish()
    .transform((v) => v ?? null);

/**
 * POST /api/work-orders/{id}/assign: triage into a work order, or re-assign one, to a staff
 * member or to a vendor of the landlord's (exactly one of staffId and vendorId).
 */
export const assignWorkOrderBodySchema = z.object({
  staffId: assigneeId('Please choose a staff member'),
  vendorId: assigneeId('Please choose a vendor'),
  scheduledFor: calendarDateSchema('Scheduled date')
    .nullish()
    .transform((v) => v ?? null),
});
export type AssignWorkOrderBody = z.infer<typeof assignWorkOrderBodySchema>;

/** POST /api/work-orders/{id}/status. Cancelling needs a reason. */
export const changeStatusBodySchema = z
  .object({
    status: z.enum(WORK_ORDER_STATUSES, { error: 'Please choose a status' }),
    reason: optionalText('Reason', 500),
  })
  .refine((body) => body.status !== 'Cancelled' || body.reason, {
    message: 'Please say why the request is cancelled',
    path: ['reason'],
  });
export type ChangeStatusBody = z.infer<typeof changeStatusBodySchema>;

/** POST /api/work-orders/{id}/notes: a note, with the hours worked and the cost, if any. */
export const addNoteBodySchema = z.object({
  body: requiredText('Note', 2000),
  visibility: z.enum(NOTE_VISIBILITIES).default('internal'),
  labourHours: z
    .number({ error: 'Hours must be a number' })
    .min(0, 'Hours cannot be negative')
    .max(999, 'Hours must be at most 999')
    .refine(hasAtMostDecimals(2), 'Hours can have at most two decimals')
    .nullish()
    .transform((v) => v ?? null),
  cost: moneySchema('Cost')
    .refine((value) => value <= MAX_NOTE_COST, NOTE_COST_TOO_LARGE)
    .nullish()
    .transform((v) => v ?? null),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

/** POST /api/work-orders/{id}/photos: show a photo the caller sent on the work order. */
export const addPhotoBodySchema = z.object({
  uploadId: idSchema,
  kind: z.enum(PHOTO_KINDS).default('before'),
});
export type AddPhotoBody = z.infer<typeof addPhotoBodySchema>;

/** Statuses whose cost may be charged to the tenant: the work is finished. */
export const CHARGEABLE_STATUSES = ['Done', 'Closed'] as const;

/** The words a charge for a repair carries on the tenant's ledger unless the landlord writes others. */
export const repairChargeDescription = (order: { id: number; title: string }) =>
  `Repair: ${order.title} (work order #${order.id})`.slice(0, 200);

/**
 * POST /api/work-orders/{id}/charge: the landlord puts a finished repair's cost on the tenant's
 * ledger. Both fields may be left out: the amount is then the recorded cost, the description
 * names the repair.
 */
export const chargeWorkOrderBodySchema = z.object({
  amount: moneySchema('Amount')
    .refine((value) => value > 0, 'Amount must be more than zero')
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText('Description', 200),
});
export type ChargeWorkOrderBody = z.infer<typeof chargeWorkOrderBodySchema>;
export type ChargeWorkOrderFormValues = z.input<typeof chargeWorkOrderBodySchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

export const workOrderListQuerySchema = z.object({
  propertyId: idSchema.optional(),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  priority: z.enum(MAINTENANCE_PRIORITIES).optional(),
  assigneeId: idSchema.optional(),
  /** The requests of one tenant (their page); another landlord's tenant finds nothing. */
  tenantId: idSchema.optional(),
  overdue: booleanQuery,
  open: booleanQuery,
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_ID).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

export const workOrderCountsSchema = z.object({
  open: z.number().int(),
  emergency: z.number().int(),
  overdue: z.number().int(),
});
export type WorkOrderCounts = z.infer<typeof workOrderCountsSchema>;

export const workOrderPhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });
