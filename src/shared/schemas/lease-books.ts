import { z } from 'zod';
import { calendarDateSchema, idSchema, moneySchema, requiredText } from './common';
import { bookFields, END_REASON_MAX, leaseStatusSchema, rentDueDaySchema } from './leases';

/**
 * A lease's books (docs/product.md section 28): what saving proposed terms would post or
 * reverse now. With a leaseId, the terms are an edit of that lease; without, a new lease.
 */
export const postingPreviewBodySchema = z
  .object({
    leaseId: idSchema.optional(),
    startDate: calendarDateSchema('Start date'),
    endDate: calendarDateSchema('End date'),
    rent: moneySchema('Rent'),
    status: leaseStatusSchema.default('Active'),
    rentDueDay: rentDueDaySchema.nullish(),
    rentChargedFrom: bookFields.rentChargedFrom,
    openingBalance: bookFields.openingBalance,
  })
  .refine((terms) => terms.endDate >= terms.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  })
  .refine((terms) => !terms.rentChargedFrom || terms.rentChargedFrom >= terms.startDate, {
    message: 'The first rent to charge cannot be before the start date',
    path: ['rentChargedFrom'],
  });
export type PostingPreviewBody = z.infer<typeof postingPreviewBodySchema>;
export type PostingPreviewBodyInput = z.input<typeof postingPreviewBodySchema>;

const previewPeriodSchema = z.object({
  /** 'YYYY-MM' of the due date. */
  period: z.string(),
  dueDate: z.string(),
  lastDay: z.string(),
  amount: z.number(),
  prorated: z.boolean(),
});

export const postingPreviewSchema = z.object({
  /** Rent charges the save posts now: every period due by today not posted yet. */
  post: z.object({
    count: z.number().int(),
    total: z.number(),
    periods: z.array(previewPeriodSchema),
  }),
  /** Rent charges standing on the lease whose period the new dates no longer cover. */
  reverse: z.object({
    count: z.number().int(),
    total: z.number(),
    entries: z.array(
      z.object({
        entryId: z.number().int(),
        period: z.string(),
        entryDate: z.string(),
        amount: z.number(),
      }),
    ),
  }),
  /** Periods the new dates cover again that were posted and reversed before: not posted twice. */
  notReposted: z.array(z.string()),
  /** The opening entry a new lease records, if its opening balance is not zero. */
  opening: z
    .object({ kind: z.enum(['charge', 'credit']), amount: z.number(), entryDate: z.string() })
    .nullable(),
  /** The first due date charged on this lease, if any period is charged at all. */
  firstChargedDate: z.string().nullable(),
  /** More than `limit` periods to post: the save must carry confirmBackPosting. */
  needsConfirmation: z.boolean(),
  limit: z.number().int(),
});
export type PostingPreview = z.infer<typeof postingPreviewSchema>;

/** Void a lease entered by mistake: why, in the landlord's words (kept as its end reason). */
export const voidLeaseBodySchema = z.object({
  reason: requiredText('Reason', END_REASON_MAX),
});
export type VoidLeaseBody = z.infer<typeof voidLeaseBodySchema>;
