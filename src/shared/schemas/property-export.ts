import { z } from 'zod';
import { leaseDepositSchema } from './deposits';
import { leaseListItemSchema } from './leases';
import { ledgerSchema } from './ledger';
import { propertySchema } from './properties';
import { staffListItemSchema } from './staff';
import { tenantListItemSchema } from './tenants';
import { unitListItemSchema } from './units';
import { workOrderSchema } from './work-orders';

/**
 * GET /api/properties/{id}/export: everything Porchlight holds about one property, in the
 * shapes the API answers elsewhere (money as numbers with at most two decimals), so that a
 * landlord can take their records elsewhere. Photos stay behind: they are files, not data.
 */
export const propertyExportSchema = z.object({
  exportedAt: z.string(),
  property: propertySchema,
  units: z.array(unitListItemSchema),
  staff: z.array(staffListItemSchema),
  tenants: z.array(tenantListItemSchema),
  /**
   * Every lease of the property's tenants, each with its ledger and its deposit account
   * (`deposit` stays the lease's agreed amount, as in GET /api/leases).
   */
  leases: z.array(
    leaseListItemSchema.extend({
      ledger: ledgerSchema.omit({ leaseId: true }),
      depositAccount: leaseDepositSchema.omit({ leaseId: true }),
    }),
  ),
  workOrders: z.array(workOrderSchema.omit({ photos: true })),
});
export type PropertyExport = z.infer<typeof propertyExportSchema>;
