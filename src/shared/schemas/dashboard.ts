import { z } from 'zod';
import { MAX_ID, idSchema } from './common';

/** The parts of the dashboard answer a caller may ask for. */
export const DASHBOARD_SECTIONS = [
  'summary',
  'properties',
  'topPropertiesByRent',
  'units',
  'leases',
  'owners',
  'leasesEndingSoon',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
/**
 * The parts answered when none are named: the original answer. The top properties by rent
 * only repeat cards, for a screen that pages them.
 */
export const DEFAULT_DASHBOARD_SECTIONS = DASHBOARD_SECTIONS.filter(
  (section) => section !== 'topPropertiesByRent',
);

/** How many properties `topPropertiesByRent` lists (the rent chart's bars). */
export const TOP_PROPERTIES_BY_RENT = 8;
/** The most property cards one page carries (propertyLimit). */
export const MAX_PROPERTY_PAGE = 100;

/** How far ahead 'Leases ending in the next 60 days' looks, and how many it lists. */
export const LEASES_ENDING_SOON_DAYS = 60;
export const LEASES_ENDING_SOON_LIMIT = 50;

export const dashboardQuerySchema = z.object({
  sections: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value) return [...DEFAULT_DASHBOARD_SECTIONS];
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter(
        (name) => !(DASHBOARD_SECTIONS as readonly string[]).includes(name),
      );
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown dashboard section: ${unknown.join(', ')}. Known: ${DASHBOARD_SECTIONS.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as DashboardSection[];
    })
    .meta({
      description:
        'Comma-separated parts to answer (default: all but `topPropertiesByRent`). The screen asks for `summary` first, then for `topPropertiesByRent,leasesEndingSoon` and a page of `properties` (a few kilobytes whatever the portfolio size), and for `units,leases,owners` with `propertyId` when a property card is expanded.',
      example: 'summary,properties',
    }),
  propertyLimit: z.coerce.number().int().min(1).max(MAX_PROPERTY_PAGE).optional().meta({
    description:
      "Page the property cards: at most this many, in name order (default: every card). The total is the summary's totalProperties.",
    example: 20,
  }),
  propertyOffset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_ID)
    .default(0)
    .meta({ description: 'Cards to skip before the page (with propertyLimit).' }),
  propertyId: idSchema.optional().meta({
    description:
      "Limit every part of the answer to this one property (404 when it is not the caller's).",
  }),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardSummarySchema = z.object({
  totalProperties: z.number().int(),
  totalUnits: z.number().int(),
  /** Units whose status is Rented, in any case. */
  occupiedUnits: z.number().int(),
  availableUnits: z.number().int(),
  /** Leases in effect today, read from their dates (docs/product.md section 11), whatever their stored status. */
  activeLeases: z.number().int(),
  /** The exact sum of the rents of those leases. */
  totalMonthlyRent: z.number(),
  pendingApplications: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardPropertySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  imageUrl: z.string().nullable(),
  unitCount: z.number().int(),
  occupiedCount: z.number().int(),
  availableCount: z.number().int(),
  activeLeaseCount: z.number().int(),
  /** Sum of the rents of the property's current leases. */
  monthlyRent: z.number(),
});
export type DashboardProperty = z.infer<typeof dashboardPropertySchema>;

export const dashboardUnitSchema = z.object({
  id: z.number().int(),
  unitNumber: z.string(),
  propertyId: z.number().int(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  squareFeet: z.number(),
  rent: z.number(),
  status: z.string(),
});
export type DashboardUnit = z.infer<typeof dashboardUnitSchema>;

export const dashboardLeaseSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  unitId: z.number().int(),
  propertyId: z.number().int(),
  unitNumber: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rent: z.number(),
  deposit: z.number(),
  tenantFirstName: z.string(),
  tenantLastName: z.string(),
  tenantEmail: z.string(),
  tenantPhone: z.string(),
});
export type DashboardLease = z.infer<typeof dashboardLeaseSchema>;

export const dashboardOwnerSchema = z.object({
  propertyId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type DashboardOwner = z.infer<typeof dashboardOwnerSchema>;

export const dashboardEndingLeaseSchema = dashboardLeaseSchema.extend({ propertyName: z.string() });
export type DashboardEndingLease = z.infer<typeof dashboardEndingLeaseSchema>;

export const dashboardResponseSchema = z.object({
  today: z.string().meta({
    description:
      "The calendar date the figures were computed for ('YYYY-MM-DD', the server's time zone).",
  }),
  summary: dashboardSummarySchema.optional(),
  properties: z.array(dashboardPropertySchema).optional().meta({
    description:
      'One card per property with its unit, occupied, available and current-lease counts, in name order (a page of them with propertyLimit).',
  }),
  topPropertiesByRent: z
    .array(dashboardPropertySchema)
    .optional()
    .meta({
      description: `The ${TOP_PROPERTIES_BY_RENT} cards with the highest monthly rent of current leases, highest first (ties by name).`,
    }),
  units: z.array(dashboardUnitSchema).optional(),
  leases: z.array(dashboardLeaseSchema).optional().meta({
    description:
      "Current leases (in effect today, read from their dates) with their tenant's contact; a unit's newest lease first.",
  }),
  owners: z.array(dashboardOwnerSchema).optional().meta({
    description:
      "One owner contact per property: its staff member with position 'Owner', else the landlord account.",
  }),
  leasesEndingSoon: z
    .object({ total: z.number().int(), leases: z.array(dashboardEndingLeaseSchema) })
    .optional()
    .meta({
      description: `Current leases ending within the next ${LEASES_ENDING_SOON_DAYS} days, soonest first: the total and at most ${LEASES_ENDING_SOON_LIMIT}.`,
    }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
