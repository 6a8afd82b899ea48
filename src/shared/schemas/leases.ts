import { z } from 'zod';
import { LEASE_STATUSES, LIMITS } from '../constants';
import { LEASE_STATES } from '../lease-state';
import { MAX_GRACE_DAYS } from '../late-fees';
import { LAST_DAY_OF_MONTH, MAX_DUE_DAY } from '../rent-periods';
import { isExactAmount } from '../money';
import {
  MAX_ID,
  calendarDateSchema,
  hasNoNul,
  moneyError,
  moneySchema,
  NUL_MESSAGE,
  numberError,
  textSchema,
} from './common';
import { dateFilterSchema, idFilterSchema, pagedQuerySchema } from './paging';

export const leaseStatusSchema = z.enum(LEASE_STATUSES, {
  error: 'Status must be Active, Terminated or Expired',
});

/** The late-fee choice of a lease; 'none' has no rule. */
export const LATE_FEE_CHOICES = ['none', 'flat', 'percent'] as const;
export type LateFeeChoice = (typeof LATE_FEE_CHOICES)[number];

const lateFeeMoney = (label: string) =>
  z
    .number({ error: moneyError(label) })
    .max(LIMITS.money, `${label} is too large`)
    .refine((value) => value > 0, `${label} must be more than zero`)
    .refine(isExactAmount, `${label} can have at most two decimals`)
    .nullish();

/**
 * The late-fee fields of the lease body. All optional: a client that omits lateFeeKind keeps
 * the lease's rule as it is (none for a new lease); 'none' removes it.
 */
const lateFeeFields = {
  lateFeeKind: z
    .enum(LATE_FEE_CHOICES, { error: 'Late fee must be none, flat or percent' })
    .optional(),
  lateFeeAmount: lateFeeMoney('Late fee amount'),
  lateFeePercent: z
    .number({ error: numberError('Late fee percent') })
    .refine(
      (value) => value > 0 && value <= 100,
      'Late fee percent must be more than 0 and at most 100',
    )
    .refine(
      (value) => Math.round(value * 100) / 100 === value,
      'Late fee percent can have at most two decimals',
    )
    .nullish(),
  lateFeeGraceDays: z
    .number({ error: numberError('Grace days') })
    .int('Grace days must be a whole number')
    .min(0, 'Grace days cannot be negative')
    .max(MAX_GRACE_DAYS, `Grace days must be at most ${MAX_GRACE_DAYS}`)
    .nullish(),
  lateFeeCap: lateFeeMoney('Late fee cap'),
};

/**
 * The day rent is due each month: 1-28 or 'last' (the month's last day); null: the start
 * date's day. Left out of a PUT, the lease keeps its due day.
 */
export const rentDueDaySchema = z.union(
  [
    z
      .number()
      .int('Due day must be a whole number')
      .min(1, 'Due day must be 1-28 or last')
      .max(MAX_DUE_DAY, 'Due day must be 1-28 or last'),
    z.literal('last'),
  ],
  { error: 'Due day must be 1-28 or last' },
);
export type RentDueDay = z.infer<typeof rentDueDaySchema>;

/** The API's due day from the stored one (31: the last day) and back. */
export const dueDayOut = (stored: number | null): RentDueDay | null =>
  stored === LAST_DAY_OF_MONTH ? 'last' : stored;
export const dueDayIn = (day: RentDueDay | null): number | null =>
  day === 'last' ? LAST_DAY_OF_MONTH : day;

/**
 * A lease brought in from earlier books (docs/product.md section 28). All optional: a client
 * that omits rentChargedFrom keeps the lease's (from the start for a new lease).
 */
export const bookFields = {
  /** Rent due before this day is not charged here: the first due date to charge. */
  rentChargedFrom: calendarDateSchema('First rent to charge').nullish(),
  /** What the tenant owed (positive) or had in credit (negative) before it; a new lease only. */
  openingBalance: z
    .number({ error: moneyError('Opening balance') })
    .min(-LIMITS.money, 'Opening balance is too large')
    .max(LIMITS.money, 'Opening balance is too large')
    .refine(isExactAmount, 'Opening balance can have at most two decimals')
    .nullish(),
  /** The caller has seen and confirmed posting more than MAX_BACK_POSTING past periods. */
  confirmBackPosting: z.boolean({ error: 'confirmBackPosting must be true or false' }).optional(),
};

/** More past rent periods than this are posted by a save only when it says it confirmed. */
export const MAX_BACK_POSTING = 12;

/**
 * A lease's terms: everything the lease form sets but the tenant. A placement (tenant and lease
 * in one step) sends them before the tenant exists; the lease body adds the tenant.
 */
export const leaseTermsSchema = z
  .object({
    startDate: calendarDateSchema('Start date'),
    endDate: calendarDateSchema('End date'),
    rent: moneySchema('Rent'),
    deposit: moneySchema('Deposit'),
    status: leaseStatusSchema,
    rentDueDay: rentDueDaySchema.nullish(),
    ...lateFeeFields,
    ...bookFields,
  })
  .refine((lease) => lease.endDate >= lease.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  })
  .refine((lease) => !lease.rentChargedFrom || lease.rentChargedFrom >= lease.startDate, {
    message: 'The first rent to charge cannot be before the start date',
    path: ['rentChargedFrom'],
  })
  .superRefine((lease, ctx) => {
    if (lease.lateFeeKind === 'flat' && (lease.lateFeeAmount ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Late fee amount is required',
        path: ['lateFeeAmount'],
      });
    }
    if (lease.lateFeeKind === 'percent' && (lease.lateFeePercent ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Late fee percent is required',
        path: ['lateFeePercent'],
      });
    }
  });
export type LeaseTerms = z.infer<typeof leaseTermsSchema>;

/**
 * The lease form and POST/PUT /api/leases. unitNumber, firstName and lastName may be sent
 * (the spec's body has them) but the server copies them from the tenant.
 */
export const leaseBodySchema = leaseTermsSchema.safeExtend({
  tenantId: z.coerce
    .number({ error: 'Please select a tenant' })
    .int('Please select a tenant')
    .positive('Please select a tenant')
    .max(MAX_ID, 'Please select a tenant'),
  unitNumber: textSchema('Unit number', LIMITS.shortText).nullish(),
  firstName: textSchema('First name', LIMITS.shortText).nullish(),
  lastName: textSchema('Last name', LIMITS.shortText).nullish(),
});
export type LeaseBody = z.infer<typeof leaseBodySchema>;

export const leaseSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rent: z.number(),
  deposit: z.number(),
  status: leaseStatusSchema,
  /** Read from the dates and today (docs/product.md section 11); never stored. */
  state: z.enum(LEASE_STATES),
  endedOn: z.string().nullable(),
  endReason: z.string().nullable(),
  renewedFromId: z.number().int().nullable(),
  lateFeeKind: z.enum(LATE_FEE_CHOICES),
  lateFeeAmount: z.number().nullable(),
  lateFeePercent: z.number().nullable(),
  lateFeeGraceDays: z.number().int().nullable(),
  lateFeeCap: z.number().nullable(),
  /** Rent due before this day is not charged (a lease brought in from earlier books). */
  rentChargedFrom: z.string().nullable(),
  /** 1-28, 'last', or null: due on the start date's day. */
  rentDueDay: rentDueDaySchema.nullable(),
});
export type Lease = z.infer<typeof leaseSchema>;

/** Renew: the next lease starts the day after this one ends; the deposit carries over. */
export const renewLeaseBodySchema = z.object({
  endDate: calendarDateSchema('End date'),
  rent: moneySchema('Rent'),
});
export type RenewLeaseBody = z.infer<typeof renewLeaseBodySchema>;
export type RenewLeaseBodyInput = z.input<typeof renewLeaseBodySchema>;

export const END_REASON_MAX = 500;

/** Move-out: the day the tenant left (today or earlier) and, optionally, why. */
export const moveOutBodySchema = z.object({
  moveOutDate: calendarDateSchema('Move-out date'),
  reason: z
    .string()
    .trim()
    .max(END_REASON_MAX, `Reason must be at most ${END_REASON_MAX} characters`)
    .refine(hasNoNul, NUL_MESSAGE('Reason'))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type MoveOutBody = z.infer<typeof moveOutBodySchema>;
export type MoveOutBodyInput = z.input<typeof moveOutBodySchema>;

export const LEASE_SORT_KEYS = [
  'name',
  'unitNumber',
  'property',
  'startDate',
  'endDate',
  'rent',
  'deposit',
  'status',
] as const;
export type LeaseSortKey = (typeof LEASE_SORT_KEYS)[number];

/**
 * GET /api/leases: a page, searched (q: tenant names, unit number, property), filtered by exact
 * status, start date from (startFrom) and end date to (endTo), sorted; newest start first.
 */
export const leaseListQuerySchema = pagedQuerySchema(LEASE_SORT_KEYS).extend({
  status: leaseStatusSchema.optional(),
  startFrom: dateFilterSchema,
  endTo: dateFilterSchema,
  propertyId: idFilterSchema,
  tenantId: idFilterSchema,
});
export type LeaseListQuery = z.input<typeof leaseListQuerySchema>;

export const leaseListItemSchema = leaseSchema.extend({
  unitId: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
});
export type LeaseListItem = z.infer<typeof leaseListItemSchema>;
