import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  booksSummaryQuerySchema,
  booksSummarySchema,
  cashFlowSchema,
  expenseReportSchema,
  form1099Schema,
  profitAndLossSchema,
  reportQuerySchema,
  scheduleESchema,
  taxYearQuerySchema,
} from '../../../shared/schemas/reports';
import { runQuery, type Read } from '../../context';
import { sendCsv } from '../../http/csv';
import type { AppInstance } from '../../http/types';
import type { CsvTable } from './reports.csv';
import {
  cashFlowCsv,
  expenseReportCsv,
  form1099Csv,
  profitAndLossCsv,
  scheduleECsv,
} from './reports.csv';
import {
  get1099Report,
  getBooksSummary,
  getCashFlow,
  getExpenseReport,
  getProfitAndLoss,
  getScheduleE,
} from './reports.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['reports'];

const scopeText =
  "The caller's properties (an Admin: every organisation's, or organisationId's), or those named in " +
  "propertyIds (404 when any is not the caller's).";
const basisText =
  'Cash basis: income is payments received (less their reversals) and deposits kept; ' +
  'expenses are those paid, by the day paid. Accrual basis: income is charges by category ' +
  'less credits (reversals subtract on their own day; opening balances do not count); ' +
  'expenses are those incurred, by their date. Deposits received are never income.';
const rangeText =
  'year (a tax year), or from..to (default: January 1 of this year to today), at most 5 ' +
  'years; groupBy month, quarter or year makes the columns.';

async function* once<Row>(rows: Row[]) {
  yield rows;
}

/**
 * A report at `path` and its CSV at `path.csv`: one read, one query schema. The CSV is
 * read whole before the first byte (a report is a few hundred lines), so a refusal is a
 * proper status, never a download cut short.
 */
function reportRoutes<Query, Report, Row>(
  app: AppInstance,
  path: string,
  spec: {
    summary: string;
    description: string;
    querystring: z.ZodType<Query>;
    /** The answer's schema: its output is Report. */
    response: z.ZodTypeAny;
    read: Read<Query, Report>;
    csv: (report: Report) => CsvTable<Row>;
  },
): void {
  app.get(
    path,
    {
      config: { access: 'manager', area: 'reports' },
      schema: {
        tags,
        summary: spec.summary,
        description: spec.description,
        querystring: spec.querystring,
        response: { 200: spec.response, ...errors },
      },
    },
    (request) => runQuery(request, spec.read, request.query as Query),
  );
  app.get(
    `${path}.csv`,
    {
      config: { access: 'manager', area: 'reports' },
      schema: {
        tags,
        summary: `${spec.summary} (CSV download)`,
        description: `${spec.description} The same report as text/csv; amounts are written as 1234.50.`,
        querystring: spec.querystring,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv, a header line then the rows'), ...errors },
      },
    },
    async (request, reply) => {
      const report = await runQuery(request, spec.read, request.query as Query);
      const table = spec.csv(report);
      return sendCsv(reply, table.filename, table.columns, once(table.rows));
    },
  );
}

/** The landlord's books (docs/product.md section 30): reports over the ledger and expenses. */
export async function reportsRoutes(app: AppInstance): Promise<void> {
  reportRoutes(app, '/reports/profit-and-loss', {
    summary: 'Profit and loss: income, expenses by Schedule E category, net operating income',
    description: `${scopeText} ${rangeText} ${basisText} byProperty gives each property's totals; they add up to the report's.`,
    querystring: reportQuerySchema,
    response: profitAndLossSchema,
    read: getProfitAndLoss,
    csv: profitAndLossCsv,
  });
  reportRoutes(app, '/reports/cash-flow', {
    summary: 'Cash flow: money received and paid out, per period',
    description: `${scopeText} ${rangeText} Always a cash basis: payments received (less their reversals) and deposits received in; expenses paid and deposits returned out.`,
    querystring: reportQuerySchema,
    response: cashFlowSchema,
    read: getCashFlow,
    csv: cashFlowCsv,
  });
  reportRoutes(app, '/reports/expenses', {
    summary: 'Expenses by Schedule E category and by vendor',
    description: `${scopeText} ${rangeText} ${basisText}`,
    querystring: reportQuerySchema,
    response: expenseReportSchema,
    read: getExpenseReport,
    csv: expenseReportCsv,
  });
  reportRoutes(app, '/reports/schedule-e', {
    summary: 'The Schedule E summary of a tax year, per property',
    description: `${scopeText} year: the tax year (default: last year). Line 3 rents received, lines 5-19 the expense categories, line 20 their total, line 21 income or (loss). ${basisText}`,
    querystring: taxYearQuerySchema,
    response: scheduleESchema,
    read: getScheduleE,
    csv: scheduleECsv,
  });
  reportRoutes(app, '/reports/1099', {
    summary: 'Vendors to send a 1099: those flagged, with what they were paid in the tax year',
    description: `${scopeText} year: the tax year (default: last year). Only vendors flagged receives1099, by the day each expense was paid; meetsThreshold marks a total of $600 or more.`,
    querystring: taxYearQuerySchema,
    response: form1099Schema,
    read: get1099Report,
    csv: form1099Csv,
  });

  app.get(
    '/reports/books-summary',
    {
      config: { access: 'manager', area: 'reports' },
      schema: {
        tags,
        summary: "The dashboard's books: net operating income this month and this year",
        description:
          'Cash basis, as rent collected: income (payments received less their reversals, ' +
          'deposits kept) and expenses paid this month and from January 1, their difference ' +
          '(net operating income), and income against expenses for the last 12 months, oldest first.',
        querystring: booksSummaryQuerySchema,
        response: { 200: booksSummarySchema, ...errors },
      },
    },
    (request) => runQuery(request, getBooksSummary, request.query),
  );
}
