import { z } from 'zod';
import { TAX_ID_MESSAGE, taxIdDigits } from '../tax-ids';
import {
  emailSchema,
  hasNoNul,
  NUL_MESSAGE,
  optionalPhoneSchema,
  optionalText,
  requiredText,
} from './common';
import { pagedQuerySchema } from './paging';

export const VENDOR_NAME_MAX = 120;

const optionalEmail = z
  .union([z.literal(''), emailSchema('Email', 200)])
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** A tax id as typed: kept as its nine digits; empty clears it. */
const taxIdSchema = z
  .string({ error: 'Tax id must be text' })
  .trim()
  .max(20, TAX_ID_MESSAGE)
  .refine(hasNoNul, NUL_MESSAGE('Tax id'))
  .nullish()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const digits = taxIdDigits(value);
    if (digits) return digits;
    context.addIssue({ code: 'custom', message: TAX_ID_MESSAGE });
    return z.NEVER;
  });

/** POST /api/vendors: a payee of the landlord's. */
export const createVendorBodySchema = z.object({
  name: requiredText('Name', VENDOR_NAME_MAX),
  contactName: optionalText('Contact name', 120),
  email: optionalEmail,
  phone: optionalPhoneSchema('Phone'),
  trade: optionalText('Trade', 80),
  taxId: taxIdSchema,
  receives1099: z.boolean({ error: 'Receives a 1099 must be true or false' }).default(false),
});
export type CreateVendorBody = z.infer<typeof createVendorBodySchema>;
export type VendorFormValues = z.input<typeof createVendorBodySchema>;

/** PATCH /api/vendors/{id}: the fields sent change; taxId null clears it, absent keeps it. */
export const updateVendorBodySchema = createVendorBodySchema.partial().extend({
  receives1099: z.boolean({ error: 'Receives a 1099 must be true or false' }).optional(),
});
export type UpdateVendorBody = z.infer<typeof updateVendorBodySchema>;

/** A vendor in a list: never its tax id, only whether one is on file. */
export const vendorListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  trade: z.string().nullable(),
  receives1099: z.boolean(),
  hasTaxId: z.boolean(),
  archived: z.boolean(),
});
export type VendorListItem = z.infer<typeof vendorListItemSchema>;

/** One vendor, for its manager: the tax id masked to its last four digits. */
export const vendorSchema = vendorListItemSchema.extend({
  taxIdMasked: z.string().nullable().meta({ description: "e.g. '•••-••-1234'; never in full" }),
  expenseCount: z.number().int(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const VENDOR_SORT_KEYS = ['name', 'trade'] as const;

/** GET /api/vendors: a page, searched (q: name, contact, trade), archived ones on request. */
export const vendorListQuerySchema = pagedQuerySchema(VENDOR_SORT_KEYS).extend({
  archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;
export type VendorListParams = z.output<typeof vendorListQuerySchema>;
