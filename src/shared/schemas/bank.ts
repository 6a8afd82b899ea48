import { z } from 'zod';
import { LIMITS } from '../constants';
import { isExactAmount } from '../money';
import { calendarDateSchema, moneyError, optionalText, requiredText, textSchema } from './common';
import { PAYMENT_METHODS } from './ledger';
import { EXPENSE_CATEGORY_VALUES } from '../expense-categories';

/**
 * The landlord's bank (docs/product.md section 31): accounts, statement lines imported from
 * CSV or OFX, each matched to a recorded payment or expense, and the month's reconciliation.
 */

/** How a CSV file writes its dates. */
export const BANK_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;
export type BankDateFormat = (typeof BANK_DATE_FORMATS)[number];

/** Days either side of a line's date in which a payment or expense of its amount is suggested. */
export const MATCH_WINDOW_DAYS = 5;

/** At most this much statement text per import (a year of a busy account is far less). */
export const MAX_STATEMENT_CHARS = 900_000;
export const MAX_STATEMENT_LINES = 5_000;

/** An amount that may be negative (an overdrawn balance, a withdrawal). */
const signedAmount = (label: string) =>
  z
    .number({ error: moneyError(label) })
    .min(-LIMITS.money, `${label} is too large`)
    .max(LIMITS.money, `${label} is too large`)
    .refine(isExactAmount, `${label} can have at most two decimals`);

const columnName = (label: string) => requiredText(label, 100);
const optionalColumn = (label: string) => optionalText(label, 100);

/**
 * Which CSV column holds what, named by the header's text. An amount is one signed column
 * (withdrawals negative), or a debit column (money out) and a credit column (money in).
 */
export const csvMappingSchema = z
  .object({
    date: columnName('Date column'),
    dateFormat: z.enum(BANK_DATE_FORMATS, { error: 'Choose how the dates are written' }),
    amountStyle: z.enum(['signed', 'debit_credit'], {
      error: 'Amount style must be signed or debit_credit',
    }),
    amount: optionalColumn('Amount column'),
    debit: optionalColumn('Debit column'),
    credit: optionalColumn('Credit column'),
    description: columnName('Description column'),
    reference: optionalColumn('Reference column'),
    balance: optionalColumn('Balance column'),
  })
  .superRefine((mapping, ctx) => {
    if (mapping.amountStyle === 'signed' && !mapping.amount)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose the amount column' });
    if (mapping.amountStyle === 'debit_credit') {
      if (!mapping.debit)
        ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Choose the debit column' });
      if (!mapping.credit)
        ctx.addIssue({ code: 'custom', path: ['credit'], message: 'Choose the credit column' });
    }
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The mapping as answers carry it (answers are plain data: no trimming or defaults). */
const csvMappingAnswerSchema = z.object({
  date: z.string(),
  dateFormat: z.enum(BANK_DATE_FORMATS),
  amountStyle: z.enum(['signed', 'debit_credit']),
  amount: z.string().nullable(),
  debit: z.string().nullable(),
  credit: z.string().nullable(),
  description: z.string(),
  reference: z.string().nullable(),
  balance: z.string().nullable(),
});
export type CsvMappingInput = z.input<typeof csvMappingSchema>;

const last4Schema = z
  .string({ error: 'Last 4 digits must be text' })
  .trim()
  .regex(/^(\d{4})?$/, 'Last 4 digits must be four digits')
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/bank-accounts and PUT /api/bank-accounts/{id}. */
export const bankAccountBodySchema = z.object({
  name: requiredText('Name', 120),
  last4: last4Schema,
  openingBalance: signedAmount('Opening balance'),
  openingDate: calendarDateSchema('Opening date'),
});
export type BankAccountBody = z.infer<typeof bankAccountBodySchema>;
export type BankAccountBodyInput = z.input<typeof bankAccountBodySchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last4: z.string().nullable(),
  openingBalance: z.number(),
  openingDate: z.string(),
  csvMapping: csvMappingAnswerSchema.nullable(),
  lineCount: z.number().int(),
  unmatchedCount: z.number().int(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** POST /api/bank-accounts/{id}/statements (and .../preview): the file's text and its mapping. */
export const statementBodySchema = z.object({
  fileName: textSchema('File name', 255).default('statement.csv'),
  content: textSchema('The file', MAX_STATEMENT_CHARS).refine(
    (text) => text.trim().length > 0,
    'The file is empty',
  ),
  /** For a CSV file: how to read it (remembered for the account once saved). */
  mapping: csvMappingSchema.nullish(),
});
export type StatementBody = z.infer<typeof statementBodySchema>;

const monthSchema = z
  .string({ error: 'Month is required' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM');

const statementBalanceSchema = z.object({
  month: z.string(),
  amount: z.number(),
  asOf: z.string(),
});

export const previewLineSchema = z.object({
  postedOn: z.string(),
  amount: z.number(),
  description: z.string(),
  reference: z.string().nullable(),
  balance: z.number().nullable(),
  alreadyThere: z.boolean(),
});
export type PreviewLine = z.infer<typeof previewLineSchema>;

export const statementPreviewSchema = z.object({
  format: z.enum(['csv', 'ofx']),
  /** A CSV file's header, for the mapping form. */
  headers: z.array(z.string()),
  /** The mapping applied: the one sent, else the account's remembered one, else a guess. */
  mapping: csvMappingAnswerSchema.nullable(),
  /** The first lines as they would be saved. */
  lines: z.array(previewLineSchema),
  /** Lines that cannot be read (the file's line number and why); nothing is saved while any. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  lineCount: z.number().int(),
  newCount: z.number().int(),
  alreadyThereCount: z.number().int(),
  balances: z.array(statementBalanceSchema),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementImportSchema = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  balances: z.array(statementBalanceSchema),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const MATCH_KINDS = ['payment', 'expense'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** A recorded payment or expense, as a line's match or suggestion shows it. */
export const bookRecordSchema = z.object({
  kind: z.enum(MATCH_KINDS),
  id: z.number().int(),
  date: z.string(),
  /** Signed as the bank line would be: a payment in, an expense out (negative). */
  amount: z.number(),
  label: z.string(),
  leaseId: z.number().int().nullable(),
  propertyId: z.number().int(),
  /** An expense not yet paid: confirming the match marks it paid on the line's date. */
  unpaid: z.boolean(),
});
export type BookRecord = z.infer<typeof bookRecordSchema>;

export const bankLineSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  postedOn: z.string(),
  amount: z.number(),
  description: z.string(),
  reference: z.string().nullable(),
  balance: z.number().nullable(),
  match: bookRecordSchema.nullable(),
  suggestion: bookRecordSchema.nullable(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

export const bankLinesQuerySchema = z.object({
  month: monthSchema.optional(),
  status: z
    .enum(['all', 'unmatched', 'matched'], { error: 'Status must be all, unmatched or matched' })
    .default('all'),
});

/** The month to reconcile; this month when none is named. */
export const reconciliationQuerySchema = z.object({ month: monthSchema.optional() });

/** POST /api/bank-lines/{id}/match (confirm) and .../rejections (turn a suggestion down). */
export const matchBodySchema = z.object({
  kind: z.enum(MATCH_KINDS, { error: 'Kind must be payment or expense' }),
  recordId: z.coerce.number({ error: 'Record is required' }).int().positive().max(2_147_483_647),
});
export type MatchBody = z.infer<typeof matchBodySchema>;

/** POST /api/bank-lines/{id}/payment: an unmatched deposit recorded as a payment on a lease. */
export const linePaymentBodySchema = z.object({
  leaseId: z.coerce.number({ error: 'Lease is required' }).int().positive().max(2_147_483_647),
  method: z
    .enum(PAYMENT_METHODS, { error: 'Method must be cash, check, bank_transfer, card or other' })
    .default('bank_transfer'),
  note: optionalText('Note', 500),
});
export type LinePaymentBody = z.infer<typeof linePaymentBodySchema>;

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).nullish();

/**
 * POST /api/bank-lines/{id}/expense: an unmatched withdrawal recorded as an expense, paid on
 * the line's date for the line's amount, and matched to it.
 */
export const lineExpenseBodySchema = z.object({
  propertyId: z.coerce
    .number({ error: 'Property is required' })
    .int()
    .positive()
    .max(2_147_483_647),
  unitId: optionalId,
  vendorId: optionalId,
  category: z.enum(EXPENSE_CATEGORY_VALUES, { error: 'Choose a category' }),
  memo: optionalText('Memo', 500),
});
export type LineExpenseBody = z.infer<typeof lineExpenseBodySchema>;
export type LineExpenseBodyInput = z.input<typeof lineExpenseBodySchema>;

/** POST /api/bank-accounts/{id}/balances: a month's closing balance typed from a statement. */
export const typedBalanceBodySchema = z.object({
  month: monthSchema,
  closingBalance: signedAmount('Closing balance'),
});
export type TypedBalanceBody = z.infer<typeof typedBalanceBodySchema>;

export const reconciliationSchema = z.object({
  month: z.string(),
  /** The books at the month's start: the opening balance and every matched line before it. */
  openingBalance: z.number(),
  matchedIn: z.number(),
  matchedOut: z.number(),
  booksClosing: z.number(),
  statementClosing: z
    .object({ amount: z.number(), source: z.enum(['ofx', 'csv', 'typed']), asOf: z.string() })
    .nullable(),
  /** Statement less books: what the unmatched lines (or a missing line) account for. */
  difference: z.number().nullable(),
  unmatchedLinesTotal: z.number(),
  unmatchedLines: z.array(bankLineSchema),
  unmatchedRecords: z.array(bookRecordSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
