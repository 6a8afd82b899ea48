import { z } from 'zod';
import { applicationSchema } from './applications';
import { leaseListItemSchema } from './leases';
import { propertySchema } from './properties';
import { staffSchema } from './staff';
import { tenantSchema } from './tenants';
import { unitSchema } from './units';
import { workOrderSummarySchema } from './work-orders';

/** How many rows each section of a property page carries; the totals say how many exist. */
export const OVERVIEW_LIMITS = {
  units: 500,
  tenants: 200,
  leases: 200,
  staff: 100,
  workOrders: 50,
} as const;

const occupantSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

/** A unit on its property's page; `occupants` only for the property's manager. */
export const overviewUnitSchema = unitSchema.extend({
  occupants: z.array(occupantSchema).optional(),
});
export type OverviewUnit = z.infer<typeof overviewUnitSchema>;

const section = <T extends z.ZodType>(item: T) =>
  z.object({ rows: z.array(item), total: z.number().int() });

/**
 * GET /api/properties/{id}/overview. Anyone sees the property and its units (the public
 * browser shows as much); `manager` is present only for the property's landlord or an Admin.
 */
export const propertyOverviewSchema = z.object({
  property: propertySchema,
  units: section(overviewUnitSchema),
  manager: z
    .object({
      /** Tenants living there now (not moved out). */
      tenants: section(tenantSchema),
      /** Leases that have not ended (upcoming, active or ending soon). */
      leases: section(leaseListItemSchema),
      staff: section(staffSchema),
      openWorkOrders: section(workOrderSummarySchema),
    })
    .nullable(),
});
export type PropertyOverview = z.infer<typeof propertyOverviewSchema>;

/**
 * GET /api/units/{id}/overview: the unit and its property for anyone; for its manager also
 * its history, newest first: every tenant, lease, application and work order it has had.
 */
export const unitOverviewSchema = z.object({
  unit: unitSchema,
  property: propertySchema,
  manager: z
    .object({
      tenants: section(tenantSchema),
      leases: section(leaseListItemSchema),
      applications: section(applicationSchema),
      workOrders: section(workOrderSummarySchema),
    })
    .nullable(),
});
export type UnitOverview = z.infer<typeof unitOverviewSchema>;
