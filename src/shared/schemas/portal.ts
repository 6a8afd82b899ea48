import { z } from 'zod';
import { portalRecurringChargeSchema } from './recurring-charges';
import { LEASE_STATUSES } from '../constants';
import { ENTRY_KINDS } from '../ledger';
import { LEASE_STATES } from '../lease-state';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  WORK_ORDER_STATUSES,
} from '../maintenance';
import { optionalText, requiredText } from './common';
import { photoIdsSchema, workOrderPhotoSchema } from './work-orders';

/**
 * GET /api/portal/home: what '/' shows a logged-in Tenant (docs/product.md, 'Tenant home').
 * Everything hangs off the tenant record linked to the account (tenants.user_id, set only by
 * an invitation): the call takes no id, so nobody can ask for another tenant's home.
 * Money is in currency units with at most two decimals, as every answer sends it.
 */

/** How many work orders the home lists, newest first. */
export const PORTAL_WORK_ORDER_LIMIT = 20;

/** The answer to a user without the Tenant role (403). */
export const PORTAL_TENANTS_ONLY = 'This page is for tenants';

/** The answer to a Tenant whose account no invitation has linked to a tenant record (409). */
export const PORTAL_NOT_LINKED = 'Your account is not linked to a tenancy yet';

/** The answer to a tenant who has moved out and files a request (409). */
export const PORTAL_MOVED_OUT =
  'You have moved out of this unit, so you cannot send maintenance requests for it';

/** What the tenant's screen says once a request is filed. */
export const PORTAL_REQUEST_SENT = 'Request sent to your landlord';

/**
 * POST /api/portal/requests: a linked tenant reports a problem in their own unit. The unit is
 * the tenant's, found from the session: the body names none (a unitId sent is dropped).
 */
export const portalRequestBodySchema = z.object({
  title: requiredText('What is wrong', 120),
  location: requiredText('Where in the unit', 120),
  category: z.enum(MAINTENANCE_CATEGORIES, { error: 'Please choose a category' }),
  priority: z.enum(MAINTENANCE_PRIORITIES, { error: 'Please choose a priority' }),
  entryPermission: z.boolean({ error: 'Please say whether we may enter' }).default(false),
  description: optionalText('Details', 2000),
  /** Up to 5 photos the tenant sent first with POST /api/uploads. */
  photoIds: photoIdsSchema,
});
export type PortalRequestBody = z.infer<typeof portalRequestBodySchema>;
export type PortalRequestFormValues = z.input<typeof portalRequestBodySchema>;

export const portalLeaseSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  rent: z.number(),
  /** The deposit the lease agreed. */
  deposit: z.number(),
  /**
   * The deposit as the register has it (docs/product.md, Deposits): received in all, paid out
   * of it at move-out (deducted, applied to charges, returned), and held = received - settled.
   */
  depositReceived: z.number(),
  depositSettled: z.number(),
  depositHeld: z.number(),
  status: z.enum(LEASE_STATUSES),
  /** Read from the dates and today in the landlord's time zone (docs/product.md section 11). */
  state: z.enum(LEASE_STATES),
  /** Days from today to the day the lease ends (its end date, or the day it ended early); 0 once ended. */
  daysLeft: z.number().int(),
  /** Charged with the rent each month (parking, pet rent, ...): those not ended before today. */
  recurringCharges: z.array(portalRecurringChargeSchema),
});
export type PortalLease = z.infer<typeof portalLeaseSchema>;

export const portalLedgerLineSchema = z.object({
  id: z.number().int(),
  /** The due date of a charge, the day a payment was received. */
  date: z.string(),
  kind: z.enum(ENTRY_KINDS),
  /** Words for the tenant: the charge's description, the payment's method and reference. */
  description: z.string(),
  /** What the entry adds to the balance owed: + for a charge, - for a payment or credit. */
  amount: z.number(),
  /** What was owed after this entry, in posting order. */
  runningBalance: z.number(),
});
export type PortalLedgerLine = z.infer<typeof portalLedgerLineSchema>;

export const portalWorkOrderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  createdAt: z.string(),
});
export type PortalWorkOrder = z.infer<typeof portalWorkOrderSchema>;

/**
 * GET /api/portal/requests/{id}: one request on the tenant's unit as the tenant sees it: its
 * status, its photos and the notes meant for them (never the staff's internal notes, hours,
 * costs or who does the work).
 */
export const portalWorkOrderDetailSchema = portalWorkOrderSchema.extend({
  category: z.enum(MAINTENANCE_CATEGORIES),
  location: z.string().nullable(),
  description: z.string().nullable(),
  entryPermission: z.boolean(),
  scheduledFor: z.string().nullable(),
  closeReason: z.string().nullable(),
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), createdAt: z.string() })),
  photos: z.array(workOrderPhotoSchema),
});
export type PortalWorkOrderDetail = z.infer<typeof portalWorkOrderDetailSchema>;

export const linkedPortalHomeSchema = z.object({
  linked: z.literal(true),
  tenant: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    movedOut: z.boolean(),
  }),
  unit: z.object({
    id: z.number().int(),
    unitNumber: z.string(),
    bedrooms: z.number().int(),
    bathrooms: z.number(),
    squareFeet: z.number(),
  }),
  property: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  /** The property owner's public contact: what they chose to hide is null. */
  landlord: z.object({
    userName: z.string(),
    /** Their display name, else the username. */
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** How the landlord asks to be paid, in their own words (null: they have not said). */
    paymentInstructions: z.string().nullable(),
  }),
  /** The current lease, else the latest one; null when the tenant has none. */
  lease: portalLeaseSchema.nullable(),
  /** What the tenant owes on that lease (negative: money held as credit); 0 without a lease. */
  balance: z.number(),
  /** That lease's ledger, oldest first. */
  ledger: z.array(portalLedgerLineSchema),
  /** Work orders on the tenant's unit that concern them, newest first, at most 20. */
  workOrders: z.array(portalWorkOrderSchema),
});
export type LinkedPortalHome = z.infer<typeof linkedPortalHomeSchema>;

export const portalHomeSchema = z.discriminatedUnion('linked', [
  z.object({ linked: z.literal(false) }),
  linkedPortalHomeSchema,
]);
export type PortalHome = z.infer<typeof portalHomeSchema>;
