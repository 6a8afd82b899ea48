import { z } from 'zod';
import { calendarDateSchema, idSchema, moneySchema, optionalText } from './common';

/** What a lease pays every period besides its rent; each is its ledger category too. */
export const RECURRING_CHARGE_KINDS = [
  'parking',
  'pet_rent',
  'utilities',
  'storage',
  'other',
] as const;
export type RecurringChargeKind = (typeof RECURRING_CHARGE_KINDS)[number];

export const RECURRING_CHARGE_LABELS: Record<RecurringChargeKind, string> = {
  parking: 'Parking',
  pet_rent: 'Pet rent',
  utilities: 'Utilities',
  storage: 'Storage',
  other: 'Other',
};

export const RECURRING_DESCRIPTION_MAX = 200;

/**
 * POST and PUT /api/leases/{id}/recurring-charges: charged with the rent of every period whose
 * due date falls from the start date through the end date (none: to the lease's end).
 */
export const recurringChargeBodySchema = z
  .object({
    kind: z.enum(RECURRING_CHARGE_KINDS, {
      error: 'Kind must be parking, pet_rent, utilities, storage or other',
    }),
    description: optionalText('Description', RECURRING_DESCRIPTION_MAX),
    amount: moneySchema('Amount').refine((value) => value > 0, 'Amount must be more than zero'),
    startDate: calendarDateSchema('Start date'),
    endDate: calendarDateSchema('End date').nullish(),
  })
  .refine((body) => !body.endDate || body.endDate >= body.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  });
export type RecurringChargeBody = z.infer<typeof recurringChargeBodySchema>;
export type RecurringChargeFormValues = z.input<typeof recurringChargeBodySchema>;

export const recurringChargeParamsSchema = z.object({ id: idSchema, chargeId: idSchema });

export const recurringChargeSchema = z.object({
  id: z.number().int(),
  leaseId: z.number().int(),
  kind: z.enum(RECURRING_CHARGE_KINDS),
  description: z.string().nullable(),
  amount: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** Periods already posted to the ledger: a posted charge can be ended, not removed. */
  postedCount: z.number().int(),
});
export type RecurringCharge = z.infer<typeof recurringChargeSchema>;

/** A charge as a tenant sees it on their home. */
export const portalRecurringChargeSchema = recurringChargeSchema.pick({
  kind: true,
  description: true,
  amount: true,
  startDate: true,
  endDate: true,
});
export type PortalRecurringCharge = z.infer<typeof portalRecurringChargeSchema>;
