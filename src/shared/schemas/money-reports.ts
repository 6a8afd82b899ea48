import { z } from 'zod';
import { LEASE_STATUSES, UNIT_STATUSES } from '../constants';
import { ENTRY_KINDS } from '../ledger';
import { calendarDateSchema } from './common';
import { CHARGE_CATEGORIES, PAYMENT_METHODS } from './ledger';
import { idFilterSchema, pagedQuerySchema } from './paging';

/**
 * The landlord's money reports: rent roll, arrears (aging), a tenant's statement and the
 * dashboard's money figures. Every amount is a number with at most two decimals, summed
 * exactly (in cents) by the server.
 */

// ---------- Rent roll ----------

export const RENT_ROLL_SORT_KEYS = [
  'property',
  'unit',
  'status',
  'tenant',
  'rent',
  'balance',
  'lastPayment',
] as const;
export type RentRollSortKey = (typeof RENT_ROLL_SORT_KEYS)[number];

export const rentRollQuerySchema = pagedQuerySchema(RENT_ROLL_SORT_KEYS).extend({
  propertyId: idFilterSchema,
});
export type RentRollQuery = z.input<typeof rentRollQuerySchema>;

/** The CSV takes the same filters and sort, and answers every matching row (no paging). */
export const rentRollCsvQuerySchema = rentRollQuerySchema.omit({ limit: true, offset: true });
export type RentRollCsvQuery = z.input<typeof rentRollCsvQuerySchema>;

/** One unit of the landlord's, with its current tenant and lease when it has them. */
export const rentRollRowSchema = z.object({
  unitId: z.number().int(),
  unitNumber: z.string(),
  unitStatus: z.enum(UNIT_STATUSES),
  propertyId: z.number().int(),
  propertyName: z.string(),
  tenantId: z.number().int().nullable(),
  /** 'First Last'. */
  tenantName: z.string().nullable(),
  leaseId: z.number().int().nullable(),
  leaseStatus: z.enum(LEASE_STATUSES).nullable(),
  rent: z.number().nullable(),
  /** The lease's recurring charges a month (parking, pet rent, ...); null without a lease. */
  recurringCharges: z.number().nullable(),
  leaseStart: z.string().nullable(),
  leaseEnd: z.string().nullable(),
  /** The current lease's ledger balance (what the ledger screen shows); null without a lease. */
  balance: z.number().nullable(),
  lastPaymentDate: z.string().nullable(),
  lastPaymentAmount: z.number().nullable(),
});
export type RentRollRow = z.infer<typeof rentRollRowSchema>;

// ---------- Arrears ----------

/**
 * Aging buckets, by days past an open charge's date (its due date): 0 or less is current,
 * then 1-30, 31-60, 61-90 and over 90.
 */
export const AGING_BUCKETS = [
  'current',
  'days1To30',
  'days31To60',
  'days61To90',
  'over90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1To30: '1–30 days',
  days31To60: '31–60 days',
  days61To90: '61–90 days',
  over90: 'Over 90 days',
};

/** The bucket of a charge `days` past its due date. */
export function agingBucketOf(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1To30';
  if (days <= 60) return 'days31To60';
  if (days <= 90) return 'days61To90';
  return 'over90';
}

export const ARREARS_SORT_KEYS = ['balance', 'tenant', 'property', 'unit', 'oldest'] as const;
export type ArrearsSortKey = (typeof ARREARS_SORT_KEYS)[number];

export const arrearsQuerySchema = pagedQuerySchema(ARREARS_SORT_KEYS).extend({
  /** Default: today in the landlord's time zone. Entries dated after it are left out. */
  asOf: calendarDateSchema('As of').optional(),
  propertyId: idFilterSchema,
});
export type ArrearsQuery = z.input<typeof arrearsQuerySchema>;
/** GET /api/arrears.csv: the arrears list's filters and sort, every matching lease (no page). */
export const arrearsCsvQuerySchema = arrearsQuerySchema.omit({ limit: true, offset: true });

const bucketsShape = {
  current: z.number(),
  days1To30: z.number(),
  days31To60: z.number(),
  days61To90: z.number(),
  over90: z.number(),
};
export const agingBucketsSchema = z.object(bucketsShape);
export type AgingBuckets = z.infer<typeof agingBucketsSchema>;

export const arrearsRowSchema = z.object({
  leaseId: z.number().int(),
  leaseStatus: z.enum(LEASE_STATUSES),
  tenantId: z.number().int(),
  tenantName: z.string(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  /** Open charges as of the date: the sum of the buckets, and the lease's balance then. */
  balance: z.number(),
  buckets: agingBucketsSchema,
  /** Due date of the oldest charge still open. */
  oldestOpenDate: z.string(),
});
export type ArrearsRow = z.infer<typeof arrearsRowSchema>;

/** One page of leases in arrears, with totals over all of them (not only the page). */
export const arrearsResponseSchema = z.object({
  asOf: z.string(),
  totals: agingBucketsSchema.extend({ balance: z.number() }),
  /** Leases with an open balance, in all pages (also in X-Total-Count). */
  leasesInArrears: z.number().int(),
  tenantsInArrears: z.number().int(),
  leases: z.array(arrearsRowSchema),
});
export type ArrearsResponse = z.infer<typeof arrearsResponseSchema>;

// ---------- Statement ----------

export const statementQuerySchema = z
  .object({
    /** Default: the first day of the month of `to`. */
    from: calendarDateSchema('From').optional(),
    /** Default: today in the landlord's time zone. */
    to: calendarDateSchema('To').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'From must be on or before To',
    path: ['from'],
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementEntrySchema = z.object({
  id: z.number().int(),
  entryDate: z.string(),
  kind: z.enum(ENTRY_KINDS),
  category: z.enum(CHARGE_CATEGORIES).nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  reversesId: z.number().int().nullable(),
  amount: z.number(),
  /** + adds to what is owed, - pays or credits it. */
  delta: z.number(),
  /** Balance after this entry (entries in date order, then posting order). */
  runningBalance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  lease: z.object({
    id: z.number().int(),
    status: z.enum(LEASE_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
    rent: z.number(),
  }),
  tenant: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  unit: z.object({ id: z.number().int(), unitNumber: z.string() }),
  property: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  /** Balance from every entry dated before `from`. */
  openingBalance: z.number(),
  entries: z.array(statementEntrySchema),
  /** Sum of the range's positive deltas (charges, reversed payments). */
  charged: z.number(),
  /** Sum of the range's negative deltas as a positive amount (payments, credits, reversed charges). */
  paid: z.number(),
  /** openingBalance + charged - paid: the balance from every entry dated on or before `to`. */
  closingBalance: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

// ---------- Money summary ----------

export const MAX_SUMMARY_MONTHS = 36;

export const moneySummaryQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'months must be a whole number' })
    .int('months must be a whole number')
    .min(1, 'months must be at least 1')
    .max(MAX_SUMMARY_MONTHS, `months must be at most ${MAX_SUMMARY_MONTHS}`)
    .default(12),
  propertyId: idFilterSchema,
});
export type MoneySummaryQuery = z.input<typeof moneySummaryQuerySchema>;

export const moneyMonthSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  expected: z.number(),
  collected: z.number(),
});
export type MoneyMonth = z.infer<typeof moneyMonthSchema>;

export const moneySummarySchema = z.object({
  /** The landlord's calendar day the figures are for. */
  today: z.string(),
  /** 'YYYY-MM' of today. */
  month: z.string(),
  /**
   * Rent due this month: standing rent charges dated this month, plus, for Active leases whose
   * rent for this month is not posted yet, the rent their due date this month will charge.
   */
  expected: z.number(),
  /** Payments dated this month, less reversals of payments dated this month. */
  collected: z.number(),
  /** Open charges dated before today (oldest-first allocation). */
  overdue: z.number(),
  /** Tenants with an open balance today. */
  tenantsInArrears: z.number().int(),
  /** Oldest month first, ending with this month; past months count posted rent only. */
  series: z.array(moneyMonthSchema),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;
