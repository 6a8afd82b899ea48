import { z } from 'zod';
import { LIMITS } from '../constants';
import { MAX_ID, emailSchema, phoneSchema, requiredText } from './common';
import { idFilterSchema, pagedQuerySchema } from './paging';

export const staffSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  propertyId: z.number().int(),
});
export type Staff = z.infer<typeof staffSchema>;

export const SELECT_PROPERTY_MESSAGE = 'Please select a property';

/**
 * POST /api/staff and PUT /api/staff/{id}. propertyId comes first so that a missing
 * property is the message the client shows: 'Please select a property'.
 */
export const createStaffBodySchema = z.object({
  propertyId: z
    .number({ error: SELECT_PROPERTY_MESSAGE })
    .int(SELECT_PROPERTY_MESSAGE)
    .positive(SELECT_PROPERTY_MESSAGE)
    .max(MAX_ID, SELECT_PROPERTY_MESSAGE),
  firstName: requiredText('First name', LIMITS.staffName),
  lastName: requiredText('Last name', LIMITS.staffName),
  email: emailSchema('Email', LIMITS.staffEmail).transform((value) => value.toLowerCase()),
  phone: phoneSchema('Phone'),
  position: requiredText('Position', LIMITS.staffPosition),
});
export type CreateStaffBody = z.infer<typeof createStaffBodySchema>;
export type StaffFormValues = z.input<typeof createStaffBodySchema>;

export const updateStaffBodySchema = createStaffBodySchema.extend({
  id: z.number().int().positive().max(MAX_ID).optional(),
});
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

export const STAFF_SORT_KEYS = ['name', 'email', 'phone', 'position', 'property'] as const;
export type StaffSortKey = (typeof STAFF_SORT_KEYS)[number];

/** GET /api/staff: a page, searched (q), filtered by property, sorted. */
export const staffListQuerySchema = pagedQuerySchema(STAFF_SORT_KEYS).extend({
  propertyId: idFilterSchema,
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

export const staffListItemSchema = staffSchema.extend({ propertyName: z.string() });
export type StaffListItem = z.infer<typeof staffListItemSchema>;
