import { z } from 'zod';
import { CATEGORY_LABELS, CHARGE_CATEGORIES } from './ledger';
import { calendarDateSchema, idSchema } from './common';

/**
 * The landlord's books read as reports (docs/product.md section 30): profit and loss, cash
 * flow, expenses, the Schedule E summary and the 1099 vendor totals, for some properties or
 * all, over a range of days, on a cash or an accrual basis.
 */

export const REPORT_BASES = ['cash', 'accrual'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const REPORT_BASIS_LABELS: Record<ReportBasis, string> = {
  cash: 'Cash basis',
  accrual: 'Accrual basis',
};

export const REPORT_GROUPINGS = ['month', 'quarter', 'year'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range a report covers: five years, 60 monthly columns. */
export const MAX_REPORT_YEARS = 5;
/** Properties one report may name. */
export const MAX_REPORT_PROPERTIES = 100;
/** What a vendor must be paid in a tax year to be sent a 1099-NEC. */
export const FORM_1099_THRESHOLD = 600;
export const EARLIEST_TAX_YEAR = 1990;
export const LATEST_TAX_YEAR = 2100;

/**
 * Income lines. Accrual: what was charged, by the charge's category, less credits given.
 * Cash: payments received, and deposits kept (paid from the deposit at move-out).
 */
export const INCOME_CATEGORIES = [
  ...CHARGE_CATEGORIES.filter((category) => category !== 'opening_balance'),
  'credits',
  'payments',
  'deposit_kept',
] as const;
export type IncomeCategory = (typeof INCOME_CATEGORIES)[number];
export const INCOME_CATEGORY_LABELS: Record<IncomeCategory, string> = {
  ...(CATEGORY_LABELS as Record<
    Exclude<IncomeCategory, 'credits' | 'payments' | 'deposit_kept'>,
    string
  >),
  credits: 'Credits given',
  payments: 'Rent and charges received',
  deposit_kept: 'Deposits kept',
};

const propertyIdsSchema = z
  .string()
  .trim()
  .max(1200)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const parts = value.split(',').map((part) => part.trim());
    const ids: number[] = [];
    for (const part of parts) {
      const parsed = idSchema.safeParse(part);
      if (!/^\d+$/.test(part) || !parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Properties must be ids separated by commas' });
        return z.NEVER;
      }
      ids.push(parsed.data);
    }
    const unique = [...new Set(ids)];
    if (unique.length > MAX_REPORT_PROPERTIES) {
      ctx.addIssue({
        code: 'custom',
        message: `A report covers at most ${MAX_REPORT_PROPERTIES} chosen properties`,
      });
      return z.NEVER;
    }
    return unique;
  })
  .meta({
    description: 'Comma-separated property ids (default: every property of the caller).',
    example: '12,14',
  });

const taxYearSchema = z.coerce
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(EARLIEST_TAX_YEAR, `Year must be ${EARLIEST_TAX_YEAR} or later`)
  .max(LATEST_TAX_YEAR, `Year must be ${LATEST_TAX_YEAR} or earlier`);

const reportQueryShape = {
  propertyIds: propertyIdsSchema,
  /** An Admin reads one organisation's books; a member may only name their own. */
  organisationId: idSchema.optional(),
  /** A tax year (January 1 to December 31); or from and to. */
  year: taxYearSchema.optional(),
  /** Default: January 1 of to's year. */
  from: calendarDateSchema('From').optional(),
  /** Default: today in the landlord's time zone. */
  to: calendarDateSchema('To').optional(),
  basis: z.enum(REPORT_BASES, { error: 'Basis must be cash or accrual' }).default('cash'),
  groupBy: z
    .enum(REPORT_GROUPINGS, { error: 'Group by must be month, quarter or year' })
    .default('month'),
};

/** Every report's query: whose properties, which days, which basis, which columns. */
export const reportQuerySchema = z
  .object(reportQueryShape)
  .refine((query) => query.year === undefined || (!query.from && !query.to), {
    message: 'Give a tax year or a from-to range, not both',
    path: ['year'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'From must be on or before To',
    path: ['from'],
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportQueryValues = z.output<typeof reportQuerySchema>;

/** A tax-year report (Schedule E, 1099): the year (default: last year) and whose books. */
export const taxYearQuerySchema = z.object({
  propertyIds: reportQueryShape.propertyIds,
  organisationId: reportQueryShape.organisationId,
  year: reportQueryShape.year,
  basis: reportQueryShape.basis,
});
export type TaxYearQuery = z.input<typeof taxYearQuerySchema>;
export type TaxYearQueryValues = z.output<typeof taxYearQuerySchema>;

/** The dashboard's books: whose (an Admin may name a landlord). */
export const booksSummaryQuerySchema = z.object({
  organisationId: reportQueryShape.organisationId,
});

/** A column of a report: one month, quarter or year (cut to the range at its ends). */
export const reportPeriodSchema = z.object({
  /** 'YYYY-MM', 'YYYY-Qn' or 'YYYY'. */
  key: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/** A line of a report: an amount per period and its total. */
export const reportLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Schedule E line, for expense categories. */
  scheduleELine: z.number().int().nullable(),
  amounts: z.array(z.number()),
  total: z.number(),
});
export type ReportLine = z.infer<typeof reportLineSchema>;

const reportRangeShape = {
  basis: z.enum(REPORT_BASES),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  periods: z.array(reportPeriodSchema),
  properties: z.array(z.object({ id: z.number().int(), name: z.string() })),
};

export const propertyResultSchema = z.object({
  propertyId: z.number().int(),
  propertyName: z.string(),
  income: z.number(),
  expenses: z.number(),
  netOperatingIncome: z.number(),
});

export const profitAndLossSchema = z.object({
  ...reportRangeShape,
  income: z.array(reportLineSchema),
  totalIncome: reportLineSchema,
  expenses: z.array(reportLineSchema),
  totalExpenses: reportLineSchema,
  netOperatingIncome: reportLineSchema,
  /** The same totals per property; they add up to the portfolio's. */
  byProperty: z.array(propertyResultSchema),
});
export type ProfitAndLoss = z.infer<typeof profitAndLossSchema>;

export const cashFlowSchema = z.object({
  ...reportRangeShape,
  /** Money in and out of the landlord's account (basis is always cash). */
  lines: z.array(reportLineSchema),
  moneyIn: reportLineSchema,
  moneyOut: reportLineSchema,
  netCashFlow: reportLineSchema,
});
export type CashFlow = z.infer<typeof cashFlowSchema>;

export const expenseReportSchema = z.object({
  ...reportRangeShape,
  byCategory: z.array(reportLineSchema),
  byVendor: z.array(reportLineSchema.extend({ vendorId: z.number().int().nullable() })),
  total: reportLineSchema,
});
export type ExpenseReport = z.infer<typeof expenseReportSchema>;

export const scheduleELineSchema = z.object({
  line: z.number().int(),
  label: z.string(),
  amount: z.number(),
});
export type ScheduleELine = z.infer<typeof scheduleELineSchema>;

export const scheduleESchema = z.object({
  year: z.number().int(),
  basis: z.enum(REPORT_BASES),
  properties: z.array(
    z.object({
      propertyId: z.number().int(),
      propertyName: z.string(),
      address: z.string(),
      lines: z.array(scheduleELineSchema),
    }),
  ),
  /** Every property's lines added up. */
  total: z.array(scheduleELineSchema),
});
export type ScheduleE = z.infer<typeof scheduleESchema>;

export const vendor1099Schema = z.object({
  vendorId: z.number().int(),
  name: z.string(),
  /** The tax id's last four characters, if one is recorded. */
  taxIdLast4: z.string().nullable(),
  payments: z.number().int(),
  total: z.number(),
  /** Paid at least the 1099 threshold in the year: a 1099-NEC is due. */
  meetsThreshold: z.boolean(),
});
export type Vendor1099 = z.infer<typeof vendor1099Schema>;

export const form1099Schema = z.object({
  year: z.number().int(),
  threshold: z.number(),
  vendors: z.array(vendor1099Schema),
});
export type Form1099Report = z.infer<typeof form1099Schema>;

/** The dashboard's books: net operating income (cash basis) and a monthly series. */
export const booksSummarySchema = z.object({
  month: z.object({ income: z.number(), expenses: z.number(), netOperatingIncome: z.number() }),
  yearToDate: z.object({
    income: z.number(),
    expenses: z.number(),
    netOperatingIncome: z.number(),
  }),
  series: z.array(z.object({ month: z.string(), income: z.number(), expenses: z.number() })),
});
export type BooksSummary = z.infer<typeof booksSummarySchema>;

export const SCHEDULE_E_RENTS_LINE = { line: 3, label: 'Rents received' } as const;
export const SCHEDULE_E_TOTAL_EXPENSES_LINE = { line: 20, label: 'Total expenses' } as const;
export const SCHEDULE_E_RESULT_LINE = { line: 21, label: 'Income or (loss)' } as const;
