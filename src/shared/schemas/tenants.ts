import { z } from 'zod';
import { MAX_ID, emailSchema, phoneSchema, requiredText } from './common';

/** The unit a tenant lives in: chosen from the caller's own units. */
export const unitChoiceSchema = z.coerce
  .number({ error: 'Please select a unit' })
  .int('Please select a unit')
  .positive('Please select a unit')
  .max(MAX_ID, 'Please select a unit');

/**
 * The tenant form and POST/PUT /api/tenants. unitNumber may be sent (the spec's body has
 * it) but the server always takes it from the unit.
 */
export const tenantBodySchema = z.object({
  unitId: unitChoiceSchema,
  unitNumber: z.string().max(200).nullish(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  phoneNumber: phoneSchema('Phone number'),
  email: emailSchema(),
});
export type TenantBody = z.infer<typeof tenantBodySchema>;
export type TenantBodyInput = z.input<typeof tenantBodySchema>;

export const tenantSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;
