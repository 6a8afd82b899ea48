import { z } from 'zod';
import { APPLICATION_STATUSES, LIMITS } from '../constants';
import {
  MAX_ID,
  calendarDateSchema,
  emailSchema,
  moneySchema,
  optionalText,
  phoneSchema,
  requiredText,
  textSchema,
} from './common';
import { pagedQuerySchema } from './paging';

export const BACKGROUND_CHECK_REQUIRED = 'Please agree to a background check to apply';

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
  // What landlords screen on (docs/product.md section 10): optional in the call, so the
  // spec's body keeps working; the 'Rent This Unit' form asks for the consent.
  monthlyIncome: z.preprocess(
    (value) => (value === '' ? null : value),
    moneySchema('Monthly income').nullish(),
  ),
  employer: optionalText('Employer', 100),
  currentAddress: optionalText('Current address', 200),
  currentLandlordName: optionalText("Current landlord's name", 100),
  currentLandlordPhone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    phoneSchema("Current landlord's phone").nullish(),
  ),
  hasPets: z.boolean({ error: 'Pets must be yes or no' }).nullish(),
  petsDescription: optionalText('Pets', 500),
  backgroundCheckConsent: z
    .boolean({ error: BACKGROUND_CHECK_REQUIRED })
    .refine((agreed) => agreed, BACKGROUND_CHECK_REQUIRED)
    .optional(),
});
export type ApplicationBodyInput = z.input<typeof applicationBodySchema>;

/** The 'Rent This Unit' form: the call's body with the background check agreed to. */
export const applicationFormSchema = applicationBodySchema.extend({
  backgroundCheckConsent: z
    .boolean({ error: BACKGROUND_CHECK_REQUIRED })
    .refine((agreed) => agreed, BACKGROUND_CHECK_REQUIRED),
});

/** What the landlord reviews beside the applicant's contact; null where it was not asked. */
export const applicationScreeningSchema = z.object({
  monthlyIncome: z.number().nullable(),
  employer: z.string().nullable(),
  currentAddress: z.string().nullable(),
  currentLandlordName: z.string().nullable(),
  currentLandlordPhone: z.string().nullable(),
  hasPets: z.boolean().nullable(),
  petsDescription: z.string().nullable(),
  backgroundCheckConsent: z.boolean(),
});
export type ApplicationScreening = z.infer<typeof applicationScreeningSchema>;

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
  screening: applicationScreeningSchema,
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
