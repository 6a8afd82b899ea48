import { z } from 'zod';
import { LIMITS } from '../constants';
import { isExactAmount } from '../money';
import { leaseStatusSchema } from './leases';
import { calendarDateSchema, moneyError, optionalText, requiredText } from './common';
import { idFilterSchema, pagedQuerySchema } from './paging';

/**
 * The deposit register: what a tenant paid as a deposit is held for them (a liability), not
 * income. Each movement is an append-only transaction; what is held is their sum.
 */
export const DEPOSIT_TRANSACTION_KINDS = ['received', 'deducted', 'applied', 'returned'] as const;
export type DepositTransactionKind = (typeof DEPOSIT_TRANSACTION_KINDS)[number];

export const DEPOSIT_KIND_LABELS: Record<DepositTransactionKind, string> = {
  received: 'Received',
  deducted: 'Deduction',
  applied: 'Applied to open charges',
  returned: 'Returned to tenant',
};

/** What an itemized move-out deduction is charged as on the lease ledger. */
export const DEDUCTION_CATEGORIES = ['damages', 'other'] as const;
export const MAX_DEDUCTIONS = 50;

/** A positive amount with at most two decimals. */
const positiveAmount = (label: string) =>
  z
    .number({ error: moneyError(label) })
    .max(LIMITS.money, `${label} is too large`)
    .refine((value) => value > 0, `${label} must be more than zero`)
    .refine(isExactAmount, `${label} can have at most two decimals`);

/** POST /api/leases/{id}/deposit/receipts: money received toward the agreed deposit. */
export const depositReceiptBodySchema = z.object({
  amount: positiveAmount('Amount'),
  date: calendarDateSchema('Date received'),
  description: optionalText('Description', 200),
});
export type DepositReceiptBody = z.infer<typeof depositReceiptBodySchema>;
export type DepositReceiptBodyInput = z.input<typeof depositReceiptBodySchema>;

export const depositDeductionSchema = z.object({
  description: requiredText('Description', 200),
  amount: positiveAmount('Amount'),
  category: z
    .enum(DEDUCTION_CATEGORIES, { error: 'Type must be damages or other' })
    .default('damages'),
});
export type DepositDeduction = z.infer<typeof depositDeductionSchema>;

/**
 * POST /api/leases/{id}/deposit/settlement, once per lease at move-out. Deductions are charged
 * to the ledger and paid from the deposit first; then, if asked, the deposit pays the other open
 * charges; what is left is returned to the tenant.
 */
export const depositSettlementBodySchema = z.object({
  date: calendarDateSchema('Date'),
  deductions: z
    .array(depositDeductionSchema, { error: 'Deductions must be a list' })
    .max(MAX_DEDUCTIONS, `At most ${MAX_DEDUCTIONS} deductions`)
    .default([]),
  applyToOpenCharges: z.boolean({ error: 'Apply to open charges must be true or false' }),
});
export type DepositSettlementBody = z.infer<typeof depositSettlementBodySchema>;
export type DepositSettlementBodyInput = z.input<typeof depositSettlementBodySchema>;

export const depositTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DEPOSIT_TRANSACTION_KINDS),
  /** Positive; `received` adds to what is held, every other kind takes from it. */
  amount: z.number(),
  date: z.string(),
  description: z.string().nullable(),
  /** The ledger entry this movement paid (deducted, applied), if any. */
  ledgerEntryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DepositTransaction = z.infer<typeof depositTransactionSchema>;

export const depositSettlementSchema = z.object({
  date: z.string(),
  deducted: z.number(),
  applied: z.number(),
  returned: z.number(),
  /** Deductions beyond what was held: left owing on the ledger. */
  unpaidDeductions: z.number(),
});
export type DepositSettlement = z.infer<typeof depositSettlementSchema>;

/** GET /api/leases/{id}/deposit, and the answer of every deposit write. */
export const leaseDepositSchema = z.object({
  leaseId: z.number().int(),
  /** The deposit the lease agreed. */
  agreed: z.number(),
  /** Received in all. */
  received: z.number(),
  /** Held now: received less deducted, applied and returned. */
  held: z.number(),
  /** Still to receive: agreed less received (never below zero). */
  outstanding: z.number(),
  settlement: depositSettlementSchema.nullable(),
  transactions: z.array(depositTransactionSchema),
});
export type LeaseDeposit = z.infer<typeof leaseDepositSchema>;

export const DEPOSIT_SORT_KEYS = [
  'property',
  'unitNumber',
  'tenant',
  'startDate',
  'agreed',
  'held',
] as const;
export type DepositSortKey = (typeof DEPOSIT_SORT_KEYS)[number];

/**
 * GET /api/deposits: one row per lease the caller manages (an Admin: every lease), searched
 * (q: tenant names, unit number, property), filtered by property and lease status; newest start
 * first.
 */
export const depositRegisterQuerySchema = pagedQuerySchema(DEPOSIT_SORT_KEYS).extend({
  propertyId: idFilterSchema,
  status: leaseStatusSchema.optional(),
});
export type DepositRegisterQuery = z.input<typeof depositRegisterQuerySchema>;

export const depositRegisterItemSchema = z.object({
  leaseId: z.number().int(),
  leaseStatus: leaseStatusSchema,
  startDate: z.string(),
  endDate: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  unitId: z.number().int(),
  unitNumber: z.string(),
  tenantId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  agreed: z.number(),
  received: z.number(),
  held: z.number(),
  /** The move-out settlement's date; null while the deposit is not settled. */
  settledOn: z.string().nullable(),
});
export type DepositRegisterItem = z.infer<typeof depositRegisterItemSchema>;
