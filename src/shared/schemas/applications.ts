import { z } from 'zod';
import { APPLICATION_STATUSES, LIMITS } from '../constants';
import {
  MAX_ID,
  calendarDateSchema,
  emailSchema,
  optionalText,
  phoneSchema,
  requiredText,
  textSchema,
} from './common';
import { pagedQuerySchema } from './paging';

/**
 * The 'Rent This Unit' modal and POST /api/applications. The move-in date must also not be
 * in the past: the server checks that against its own clock and the landlord's time zone.
 */
export const applicationBodySchema = z.object({
  unitId: z.coerce
    .number({ error: 'Unit is required' })
    .int('Unit is required')
    .positive('Unit is required')
    .max(MAX_ID, 'Unit is required'),
  unitNumber: textSchema('Unit number', LIMITS.shortText).nullish(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailSchema(),
  phoneNumber: phoneSchema('Phone'),
  moveInDate: calendarDateSchema('Desired move-in date'),
  message: optionalText('Message', LIMITS.longText),
});
export type ApplicationBodyInput = z.input<typeof applicationBodySchema>;

export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

export const applicationSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  moveInDate: z.string().nullable(),
  message: z.string().nullable(),
  status: applicationStatusSchema,
  tenantId: z.number().int().nullable(),
  /** 'unit taken' when another application for the unit was approved. */
  declineReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/** What a visitor gets back: a receipt, never other applicants' data. */
export const applicationReceiptSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  moveInDate: z.string().nullable(),
  message: z.string().nullable(),
  status: applicationStatusSchema,
  createdAt: z.string(),
});
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;

export const APPLICATION_SORT_KEYS = [
  'name',
  'unitNumber',
  'property',
  'moveInDate',
  'createdAt',
  'status',
] as const;

/** GET /api/applications: a page, searched (q: applicant, unit, property), filtered by status; pending first by default. */
export const applicationListQuerySchema = pagedQuerySchema(APPLICATION_SORT_KEYS).extend({
  status: applicationStatusSchema.optional(),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;
