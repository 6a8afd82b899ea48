import { z } from 'zod';
import { UNIT_STATUSES } from '../constants';
import {
  MAX_ID,
  hasAtMostDecimals,
  imageUrlSchema,
  moneySchema,
  numberError,
  optionalText,
  requiredText,
} from './common';
import { idFilterSchema, mineSchema, pagedQuerySchema } from './paging';
import { expandUnitNumbers } from '../unit-numbers';

export const unitSchema = z.object({
  id: z.number().int(),
  unitNumber: z.string(),
  propertyId: z.number().int(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  squareFeet: z.number(),
  rent: z.number(),
  status: z.enum(UNIT_STATUSES),
});
export type Unit = z.infer<typeof unitSchema>;

export const UNIT_LIMITS = {
  bedrooms: 100,
  bathrooms: 100,
  squareFeet: 99_999_999.99,
  unitNumber: 50,
} as const;

const unitStatusSchema = z.enum(UNIT_STATUSES, {
  error: `Status must be one of ${UNIT_STATUSES.join(', ')}`,
});

/** POST /api/units and PUT /api/units/{id} (which may also carry the id). */
export const createUnitBodySchema = z.object({
  unitNumber: requiredText('Unit number', UNIT_LIMITS.unitNumber),
  propertyId: z
    .number({ error: 'Please select a property' })
    .int('Please select a property')
    .positive('Please select a property')
    .max(MAX_ID, 'Please select a property'),
  description: optionalText('Description'),
  imageUrl: imageUrlSchema,
  bedrooms: z
    .number({ error: numberError('Bedrooms') })
    .int('Bedrooms must be a whole number')
    .min(0, 'Bedrooms cannot be negative')
    .max(UNIT_LIMITS.bedrooms, `Bedrooms must be at most ${UNIT_LIMITS.bedrooms}`),
  bathrooms: z
    .number({ error: numberError('Bathrooms') })
    .min(0, 'Bathrooms cannot be negative')
    .max(UNIT_LIMITS.bathrooms, `Bathrooms must be at most ${UNIT_LIMITS.bathrooms}`)
    .refine((value) => Number.isInteger(value * 2), 'Bathrooms must be in steps of 0.5'),
  squareFeet: z
    .number({ error: numberError('Square feet') })
    .min(0, 'Square feet cannot be negative')
    .max(UNIT_LIMITS.squareFeet, 'Square feet is too large')
    .refine(hasAtMostDecimals(2), 'Square feet can have at most two decimals'),
  rent: moneySchema('Rent'),
  status: unitStatusSchema.default('Available'),
});
export type CreateUnitBody = z.infer<typeof createUnitBodySchema>;

/**
 * POST /api/units/batch: several units of one layout and rent at once, named by a pattern
 * ('101-112', '1A-1F', '101-104, 201-204'); all are created or none.
 */
export const createUnitsBodySchema = createUnitBodySchema.omit({ unitNumber: true }).extend({
  unitNumbers: z
    .string({ error: 'Unit numbers are required' })
    .max(1_000, 'Unit numbers are too long')
    .transform((pattern, context) => {
      const result = expandUnitNumbers(pattern, UNIT_LIMITS.unitNumber);
      if ('numbers' in result) return result.numbers;
      context.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }),
});
export type CreateUnitsBody = z.infer<typeof createUnitsBodySchema>;

/** On an edit a missing status keeps the unit's current one (a new unit defaults to Available). */
export const updateUnitBodySchema = createUnitBodySchema.extend({
  id: z.number().int().positive().max(MAX_ID).optional(),
  status: unitStatusSchema.optional(),
});
export type UpdateUnitBody = z.infer<typeof updateUnitBodySchema>;

export const UNIT_SORT_KEYS = [
  'unitNumber',
  'property',
  'bedrooms',
  'bathrooms',
  'squareFeet',
  'rent',
  'status',
] as const;
export type UnitSortKey = (typeof UNIT_SORT_KEYS)[number];

/** GET /api/units: a page, searched (q), filtered by exact status and property, sorted. */
export const unitListQuerySchema = pagedQuerySchema(UNIT_SORT_KEYS).extend({
  mine: mineSchema,
  status: unitStatusSchema.optional(),
  propertyId: idFilterSchema,
});
export type UnitListQuery = z.input<typeof unitListQuerySchema>;

/** A row of the units list names its property, so that '1B' is never ambiguous. */
export const unitListItemSchema = unitSchema.extend({ propertyName: z.string() });
export type UnitListItem = z.infer<typeof unitListItemSchema>;
