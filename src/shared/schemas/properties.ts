import { z } from 'zod';
import { LIMITS } from '../constants';
import {
  MAX_ID,
  hasNoNul,
  imageUrlSchema,
  NUL_MESSAGE,
  optionalText,
  requiredText,
} from './common';
import { mineSchema, pagedQuerySchema } from './paging';
import { UNIT_LIMITS, unitSchema } from './units';

/** The owner's public contact, as every property answer carries it (visitors may see it). */
export const propertyOwnerSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  /** The name applicants see: the owner's display name, else the username. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PropertyOwner = z.infer<typeof propertyOwnerSchema>;

export const propertySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  imageUrl: z.string().nullable(),
  owner: propertyOwnerSchema,
  /** Present with include=units: every unit of the property, ordered by unit number. */
  units: z.array(unitSchema).optional(),
});
export type Property = z.infer<typeof propertySchema>;

export const stateSchema = z
  .string({ error: 'State is required' })
  .trim()
  .min(1, 'State is required')
  .regex(/^[A-Za-z]{2}$/, `State must be exactly ${LIMITS.state} letters`)
  .transform((value) => value.toUpperCase());

export const zipCodeSchema = z
  .string({ error: 'Zip code is required' })
  .trim()
  .min(1, 'Zip code is required')
  .regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits or 5+4 digits (12345 or 12345-6789)');

/**
 * POST /api/properties and PUT /api/properties/{id}. userId is honoured only when an Admin
 * creates a property for a landlord; anyone else becomes the owner themself.
 */
export const createPropertyBodySchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description'),
  address: requiredText('Address'),
  city: requiredText('City', 100),
  state: stateSchema,
  zipCode: zipCodeSchema,
  imageUrl: imageUrlSchema,
  userId: z.number().int().positive().max(MAX_ID).nullish(),
});
export type CreatePropertyBody = z.infer<typeof createPropertyBodySchema>;
export type PropertyFormValues = z.input<typeof createPropertyBodySchema>;

export const updatePropertyBodySchema = createPropertyBodySchema.extend({
  id: z.number().int().positive().max(MAX_ID).optional(),
});
export type UpdatePropertyBody = z.infer<typeof updatePropertyBodySchema>;

export const PROPERTY_SORT_KEYS = ['name', 'address', 'city', 'state', 'zipCode'] as const;
export type PropertySortKey = (typeof PROPERTY_SORT_KEYS)[number];

const LISTING_RENT_MAX = 1_000_000;

/**
 * The public listing's filters (docs/product.md section 16), each optional: units with at
 * least `beds` bedrooms and `baths` bathrooms, rent from `minRent` to `maxRent`, in `city`;
 * `rented=true` shows rented units too (hidden by default). `mine=true` lists ignore them.
 */
export const listingFiltersSchema = z.object({
  beds: z.coerce
    .number({ error: 'beds must be a number' })
    .int('beds must be a whole number')
    .min(0, 'beds must be 0 or more')
    .max(UNIT_LIMITS.bedrooms, `beds must be at most ${UNIT_LIMITS.bedrooms}`)
    .optional(),
  baths: z.coerce
    .number({ error: 'baths must be a number' })
    .min(0, 'baths must be 0 or more')
    .max(UNIT_LIMITS.bathrooms, `baths must be at most ${UNIT_LIMITS.bathrooms}`)
    .optional(),
  minRent: z.coerce
    .number({ error: 'minRent must be a number' })
    .min(0, 'minRent must be 0 or more')
    .max(LISTING_RENT_MAX, `minRent must be at most ${LISTING_RENT_MAX}`)
    .optional(),
  maxRent: z.coerce
    .number({ error: 'maxRent must be a number' })
    .min(0, 'maxRent must be 0 or more')
    .max(LISTING_RENT_MAX, `maxRent must be at most ${LISTING_RENT_MAX}`)
    .optional(),
  city: z
    .string()
    .trim()
    .max(100, 'city must be at most 100 characters')
    .refine(hasNoNul, NUL_MESSAGE('city'))
    .optional()
    .transform((value) => value || undefined),
  rented: mineSchema,
});
export type ListingFilters = z.output<typeof listingFiltersSchema>;

/** GET /api/properties: the shared paged list query plus mine=true, include=units and the listing's filters. */
export const propertyListQuerySchema = pagedQuerySchema(PROPERTY_SORT_KEYS)
  .extend({
    mine: mineSchema,
    include: z.enum(['units'], { error: "include must be 'units'" }).optional(),
  })
  .extend(listingFiltersSchema.shape);
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;
