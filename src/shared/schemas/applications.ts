import { z } from 'zod';
import { APPLICATION_STATUSES, LIMITS } from '../constants';
import { MAX_ID, calendarDateSchema, emailSchema, phoneSchema, requiredText } from './common';

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
  unitNumber: z.string().max(200).nullish(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailSchema(),
  phoneNumber: phoneSchema('Phone'),
  moveInDate: calendarDateSchema('Desired move-in date'),
  message: z
    .string()
    .trim()
    .max(LIMITS.longText, `Message must be at most ${LIMITS.longText} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ApplicationBody = z.infer<typeof applicationBodySchema>;
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
