import { z } from 'zod';
import { EXPENSE_CATEGORY_VALUES } from '../expense-categories';
import { calendarDateSchema, idSchema, MAX_ID, moneySchema, optionalText } from './common';
import { dateFilterSchema, idFilterSchema, pagedQuerySchema } from './paging';

export const MAX_RECEIPTS = 10;
export const EXPENSE_MEMO_MAX = 500;
export const EXPENSE_STATUSES = ['paid', 'unpaid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

const categorySchema = z.enum(EXPENSE_CATEGORY_VALUES, { error: 'Please choose a category' });
const positiveAmount = moneySchema('Amount').refine(
  (value) => value > 0,
  'Amount must be more than zero',
);
const optionalId = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_ID, message)
    .nullish()
    .transform((value) => value ?? null);
const optionalDate = (label: string) =>
  calendarDateSchema(label)
    .nullish()
    .transform((value) => value ?? null);

export const receiptUploadIdsSchema = z
  .array(idSchema)
  .max(MAX_RECEIPTS, `At most ${MAX_RECEIPTS} receipts`)
  .refine((ids) => new Set(ids).size === ids.length, 'A receipt is listed twice')
  .default([]);

/**
 * POST /api/expenses: what a property cost. Paid when it has paidOn; unpaid otherwise, with
 * dueDate saying when it is owed (a paid one keeps the date it was due, if it had one).
 */
export const createExpenseBodySchema = z.object({
  propertyId: z
    .number({ error: 'Please select a property' })
    .int('Please select a property')
    .positive('Please select a property')
    .max(MAX_ID, 'Please select a property'),
  unitId: optionalId('Please select a unit'),
  vendorId: optionalId('Please select a vendor'),
  category: categorySchema,
  amount: positiveAmount,
  expenseDate: calendarDateSchema('Date'),
  paidOn: optionalDate('Paid on'),
  dueDate: optionalDate('Due date'),
  memo: optionalText('Memo', EXPENSE_MEMO_MAX),
  receiptUploadIds: receiptUploadIdsSchema,
});
export type CreateExpenseBody = z.infer<typeof createExpenseBodySchema>;
export type ExpenseFormValues = z.input<typeof createExpenseBodySchema>;

/** PATCH /api/expenses/{id}: the fields sent change (receipts have their own calls). */
export const updateExpenseBodySchema = z.object({
  propertyId: idSchema.optional(),
  unitId: optionalId('Please select a unit').optional(),
  vendorId: optionalId('Please select a vendor').optional(),
  category: categorySchema.optional(),
  amount: positiveAmount.optional(),
  expenseDate: calendarDateSchema('Date').optional(),
  paidOn: optionalDate('Paid on').optional(),
  dueDate: optionalDate('Due date').optional(),
  memo: optionalText('Memo', EXPENSE_MEMO_MAX).optional(),
});
export type UpdateExpenseBody = z.infer<typeof updateExpenseBodySchema>;

/** POST /api/expenses/{id}/paid */
export const markExpensePaidBodySchema = z.object({ paidOn: calendarDateSchema('Paid on') });

/** POST /api/expenses/{id}/receipts: a file the caller uploaded (POST /api/uploads). */
export const addReceiptBodySchema = z.object({ uploadId: idSchema });
export const receiptParamsSchema = z.object({ id: idSchema, receiptId: idSchema });

export const receiptSchema = z.object({
  /** The upload's id: GET /api/expenses/{id}/receipts/{receiptId} serves its bytes. */
  id: z.number().int(),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const expenseSummarySchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  unitId: z.number().int().nullable(),
  unitNumber: z.string().nullable(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  category: categorySchema,
  amount: z.number(),
  expenseDate: z.string(),
  paidOn: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  memo: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  recurringExpenseId: z.number().int().nullable(),
  receiptCount: z.number().int(),
});
export type ExpenseSummary = z.infer<typeof expenseSummarySchema>;

export const expenseSchema = expenseSummarySchema.extend({
  period: z.string().nullable(),
  workOrderTitle: z.string().nullable(),
  receipts: z.array(receiptSchema),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const EXPENSE_SORT_KEYS = ['date', 'amount', 'category', 'vendor', 'property'] as const;

/** GET /api/expenses: a page, filtered; newest first unless sorted. */
export const expenseListQuerySchema = pagedQuerySchema(EXPENSE_SORT_KEYS).extend({
  propertyId: idFilterSchema,
  vendorId: idFilterSchema,
  category: categorySchema.optional(),
  status: z.enum(EXPENSE_STATUSES, { error: "status must be 'paid' or 'unpaid'" }).optional(),
  from: dateFilterSchema,
  to: dateFilterSchema,
});
export type ExpenseListQuery = z.input<typeof expenseListQuerySchema>;
export type ExpenseListParams = z.output<typeof expenseListQuerySchema>;

/** Beside a list page: the sum of every matching expense (all pages), paid and unpaid. */
export const expenseTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number(),
  paid: z.number(),
  unpaid: z.number(),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

/** POST /api/work-orders/{id}/expense: a finished work order's recorded cost, as an expense. */
export const workOrderExpenseBodySchema = z.object({
  category: categorySchema.default('repairs'),
  expenseDate: calendarDateSchema('Date').optional(),
  paidOn: optionalDate('Paid on'),
  dueDate: optionalDate('Due date'),
  memo: optionalText('Memo', EXPENSE_MEMO_MAX),
});
export type WorkOrderExpenseBody = z.infer<typeof workOrderExpenseBodySchema>;

export const RECURRING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** POST and PUT /api/recurring-expenses: an expense posted on its date each period. */
export const recurringExpenseBodySchema = z
  .object({
    propertyId: z
      .number({ error: 'Please select a property' })
      .int('Please select a property')
      .positive('Please select a property')
      .max(MAX_ID, 'Please select a property'),
    unitId: optionalId('Please select a unit'),
    vendorId: optionalId('Please select a vendor'),
    category: categorySchema,
    amount: positiveAmount,
    memo: optionalText('Memo', EXPENSE_MEMO_MAX),
    frequency: z.enum(RECURRING_FREQUENCIES, {
      error: 'Frequency must be monthly, quarterly or yearly',
    }),
    startDate: calendarDateSchema('Start date'),
    endDate: optionalDate('End date'),
    autopay: z
      .enum(['paid', 'unpaid'], { error: "Posted as must be 'paid' or 'unpaid'" })
      .default('paid'),
  })
  .refine((body) => !body.endDate || body.endDate >= body.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  });
export type RecurringExpenseBody = z.infer<typeof recurringExpenseBodySchema>;
export type RecurringExpenseFormValues = z.input<typeof recurringExpenseBodySchema>;

export const recurringExpenseSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  unitId: z.number().int().nullable(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  category: categorySchema,
  amount: z.number(),
  memo: z.string().nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  autopay: z.enum(['paid', 'unpaid']),
  /** Periods already posted: a posted recurring expense can be ended, not removed. */
  postedCount: z.number().int(),
});
export type RecurringExpense = z.infer<typeof recurringExpenseSchema>;

export const recurringExpenseListQuerySchema = z.object({ propertyId: idFilterSchema });
