import { z } from 'zod';
import { LIMITS } from '../constants';
import { MAX_ID, emailSchema, phoneSchema, requiredText, textSchema } from './common';
import { idFilterSchema, pagedQuerySchema } from './paging';

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
  unitNumber: textSchema('Unit number', LIMITS.shortText).nullish(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  phoneNumber: phoneSchema('Phone number'),
  email: emailSchema(),
});
export type TenantBody = z.infer<typeof tenantBodySchema>;

export const tenantSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  /** The day the tenant moved out; null while they live in the unit. */
  movedOutOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const TENANT_SORT_KEYS = ['name', 'unitNumber', 'property', 'email', 'phoneNumber'] as const;
export type TenantSortKey = (typeof TENANT_SORT_KEYS)[number];

/** GET /api/tenants: a page, searched (q: names, unit number, property, email, phone), sorted. */
export const tenantListQuerySchema = pagedQuerySchema(TENANT_SORT_KEYS).extend({
  propertyId: idFilterSchema,
  unitId: idFilterSchema,
});
export type TenantListQuery = z.input<typeof tenantListQuerySchema>;

/** A row of the tenants list names the unit's property, so that '1B' is never ambiguous. */
export const tenantListItemSchema = tenantSchema.extend({
  propertyId: z.number().int(),
  propertyName: z.string(),
  /** An account acts as this tenant (an accepted invitation); without one the list offers Invite. */
  portalLinked: z.boolean(),
});
export type TenantListItem = z.infer<typeof tenantListItemSchema>;
