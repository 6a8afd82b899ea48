import { z } from 'zod';
import { calendarDateSchema, moneySchema } from './common';
import { leaseDepositSchema } from './deposits';
import { createdInvitationSchema } from './invitations';
import { leaseSchema, leaseTermsSchema } from './leases';
import { tenantBodySchema, tenantSchema } from './tenants';

/**
 * Placing a tenant in one step (docs/product.md section 13, "Placing a tenant"): the tenant
 * form's fields, the lease's terms, the deposit received and the portal invitation, in one
 * flat body so that every refusal names the field the form shows. A new lease field joins the
 * placement by joining the lease terms.
 */
export const placementBodySchema = leaseTermsSchema
  .safeExtend({
    ...tenantBodySchema.omit({ unitNumber: true }).shape,
    /** What the tenant paid toward the deposit so far; empty or 0: nothing yet. */
    depositReceived: moneySchema('Deposit received').nullish(),
    /** The day it was received; today when left out. */
    depositReceivedOn: calendarDateSchema('Received on').nullish(),
    /** Also make the tenant's portal invitation (mailed when the server sends mail). */
    invite: z.boolean({ error: 'Invite must be true or false' }).default(false),
  })
  .refine((body) => (body.depositReceived ?? 0) <= body.deposit, {
    message: 'Deposit received cannot be more than the deposit',
    path: ['depositReceived'],
  });
export type PlacementBody = z.infer<typeof placementBodySchema>;
export type PlacementBodyInput = z.input<typeof placementBodySchema>;

/** POST /api/placements: what was made, each as its own call would answer it. */
export const placementSchema = z.object({
  tenant: tenantSchema,
  lease: leaseSchema,
  /** The lease's deposit after the receipt; null when nothing was received. */
  deposit: leaseDepositSchema.nullable(),
  /** The invitation with its one-time link; null when not asked for. */
  invitation: createdInvitationSchema.nullable(),
});
export type Placement = z.infer<typeof placementSchema>;
