import { z } from 'zod';
import { LEASE_STATUSES, LIMITS } from '../constants';
import { LEASE_STATES } from '../lease-state';
import {
  MAX_ID,
  calendarDateSchema,
  hasNoNul,
  moneySchema,
  NUL_MESSAGE,
  textSchema,
} from './common';
import { dateFilterSchema, idFilterSchema, pagedQuerySchema } from './paging';

export const leaseStatusSchema = z.enum(LEASE_STATUSES, {
  error: 'Status must be Active, Terminated or Expired',
});

/**
 * The lease form and POST/PUT /api/leases. unitNumber, firstName and lastName may be sent
 * (the spec's body has them) but the server copies them from the tenant.
 */
export const leaseBodySchema = z
  .object({
    tenantId: z.coerce
      .number({ error: 'Please select a tenant' })
      .int('Please select a tenant')
      .positive('Please select a tenant')
      .max(MAX_ID, 'Please select a tenant'),
    unitNumber: textSchema('Unit number', LIMITS.shortText).nullish(),
    firstName: textSchema('First name', LIMITS.shortText).nullish(),
    lastName: textSchema('Last name', LIMITS.shortText).nullish(),
    startDate: calendarDateSchema('Start date'),
    endDate: calendarDateSchema('End date'),
    rent: moneySchema('Rent'),
    deposit: moneySchema('Deposit'),
    status: leaseStatusSchema,
  })
  .refine((lease) => lease.endDate >= lease.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  });
export type LeaseBody = z.infer<typeof leaseBodySchema>;

export const leaseSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rent: z.number(),
  deposit: z.number(),
  status: leaseStatusSchema,
  /** Read from the dates and today (docs/product.md section 11); never stored. */
  state: z.enum(LEASE_STATES),
  endedOn: z.string().nullable(),
  endReason: z.string().nullable(),
  renewedFromId: z.number().int().nullable(),
});
export type Lease = z.infer<typeof leaseSchema>;

/** Renew: the next lease starts the day after this one ends; the deposit carries over. */
export const renewLeaseBodySchema = z.object({
  endDate: calendarDateSchema('End date'),
  rent: moneySchema('Rent'),
});
export type RenewLeaseBody = z.infer<typeof renewLeaseBodySchema>;
export type RenewLeaseBodyInput = z.input<typeof renewLeaseBodySchema>;

export const END_REASON_MAX = 500;

/** Move-out: the day the tenant left (today or earlier) and, optionally, why. */
export const moveOutBodySchema = z.object({
  moveOutDate: calendarDateSchema('Move-out date'),
  reason: z
    .string()
    .trim()
    .max(END_REASON_MAX, `Reason must be at most ${END_REASON_MAX} characters`)
    .refine(hasNoNul, NUL_MESSAGE('Reason'))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type MoveOutBody = z.infer<typeof moveOutBodySchema>;
export type MoveOutBodyInput = z.input<typeof moveOutBodySchema>;

export const LEASE_SORT_KEYS = [
  'name',
  'unitNumber',
  'property',
  'startDate',
  'endDate',
  'rent',
  'deposit',
  'status',
] as const;
export type LeaseSortKey = (typeof LEASE_SORT_KEYS)[number];

/**
 * GET /api/leases: a page, searched (q: tenant names, unit number, property), filtered by exact
 * status, start date from (startFrom) and end date to (endTo), sorted; newest start first.
 */
export const leaseListQuerySchema = pagedQuerySchema(LEASE_SORT_KEYS).extend({
  status: leaseStatusSchema.optional(),
  startFrom: dateFilterSchema,
  endTo: dateFilterSchema,
  propertyId: idFilterSchema,
  tenantId: idFilterSchema,
});
export type LeaseListQuery = z.input<typeof leaseListQuerySchema>;

export const leaseListItemSchema = leaseSchema.extend({
  unitId: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
});
export type LeaseListItem = z.infer<typeof leaseListItemSchema>;
