import { z } from 'zod';
import { ENTRY_KINDS } from '../ledger';
import { calendarDateSchema, idSchema, moneySchema, optionalText, requiredText } from './common';

export const CHARGE_CATEGORIES = [
  'rent',
  'late_fee',
  'fee',
  'utilities',
  'damages',
  'other',
  // The one entry that brings a lease's balance over from earlier books (a charge when owed,
  // a credit when in credit); made only with the lease.
  'opening_balance',
  // Posted with the rent from a lease's recurring charges (their kind; utilities and other too).
  'parking',
  'pet_rent',
  'storage',
] as const;
/** What a person may charge by hand; rent and late fees are posted by the jobs runner. */
export const MANUAL_CHARGE_CATEGORIES = ['fee', 'utilities', 'damages', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'bank_transfer', 'card', 'other'] as const;

export const CATEGORY_LABELS: Record<(typeof CHARGE_CATEGORIES)[number], string> = {
  rent: 'Rent',
  late_fee: 'Late fee',
  fee: 'Fee',
  utilities: 'Utilities',
  damages: 'Damages',
  other: 'Other',
  opening_balance: 'Opening balance',
  parking: 'Parking',
  pet_rent: 'Pet rent',
  storage: 'Storage',
};
export const METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  other: 'Other',
};

/** A positive amount with at most two decimals. */
const positiveMoney = (label: string) =>
  moneySchema(label).refine((value) => value > 0, `${label} must be more than zero`);

export const chargeBodySchema = z.object({
  category: z.enum(MANUAL_CHARGE_CATEGORIES, {
    error: 'Type must be fee, utilities, damages or other',
  }),
  amount: positiveMoney('Amount'),
  entryDate: calendarDateSchema('Date'),
  description: requiredText('Description', 200),
});
export type ChargeBody = z.infer<typeof chargeBodySchema>;

export const creditBodySchema = z.object({
  amount: positiveMoney('Amount'),
  entryDate: calendarDateSchema('Date'),
  description: requiredText('Description', 200),
});
export type CreditBody = z.infer<typeof creditBodySchema>;

export const paymentBodySchema = z.object({
  amount: positiveMoney('Amount'),
  entryDate: calendarDateSchema('Date received'),
  method: z.enum(PAYMENT_METHODS, {
    error: 'Method must be cash, check, bank_transfer, card or other',
  }),
  reference: optionalText('Reference', 100),
  note: optionalText('Note', 500),
  /** Chosen by the client once per payment form: a retried or double-clicked POST records one payment. */
  idempotencyKey: z
    .string({ error: 'Idempotency key is required' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency key must be 8-100 letters, digits, - or _'),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const reversalBodySchema = z.object({
  reason: requiredText('Reason', 200),
});
export type ReversalBody = z.infer<typeof reversalBodySchema>;

export const ledgerEntryParamsSchema = z.object({
  id: idSchema,
  entryId: idSchema,
});

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  category: z.enum(CHARGE_CATEGORIES).nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  amount: z.number(),
  /** + adds to what is owed, - pays or credits it. */
  delta: z.number(),
  entryDate: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  period: z.string().nullable(),
  reversesId: z.number().int().nullable(),
  /** The reversal that undid this entry, if any. */
  reversedById: z.number().int().nullable(),
  /** Balance after this entry, in posting order. */
  runningBalance: z.number(),
  /** Charges: what is still unpaid (payments settle the oldest charges first). */
  open: z.number().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerSchema = z.object({
  leaseId: z.number().int(),
  /** Charges less payments and credits; negative when money is held as credit. */
  balance: z.number(),
  /** Payments and credits beyond every charge. */
  unapplied: z.number(),
  entries: z.array(ledgerEntrySchema),
});
export type Ledger = z.infer<typeof ledgerSchema>;
