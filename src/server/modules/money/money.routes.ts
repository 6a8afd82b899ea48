import { z } from 'zod';
import { formatDecimalCents, toCents } from '../../../shared/money';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  arrearsCsvQuerySchema,
  arrearsQuerySchema,
  arrearsResponseSchema,
  type ArrearsRow,
  moneySummaryQuerySchema,
  moneySummarySchema,
  rentRollCsvQuerySchema,
  rentRollQuerySchema,
  rentRollRowSchema,
  statementQuerySchema,
  statementSchema,
  type RentRollRow,
} from '../../../shared/schemas/money-reports';
import { calendarDate } from '../../../shared/dates';
import { requestContext, runQuery } from '../../context';
import { pagesOf, sendCsv, type CsvColumn } from '../../http/csv';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { requireManagedFilters } from '../properties';
import {
  getArrears,
  getLedgerRows,
  getMoneySummary,
  getRentRoll,
  getStatement,
  type LedgerCsvRow,
} from './money.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['money'];

/** Money as the CSV writes it: 1234.50, never rounded by a float. */
const csvMoney = (amount: number | null) =>
  amount === null ? null : formatDecimalCents(toCents(amount));

const RENT_ROLL_COLUMNS: CsvColumn<RentRollRow>[] = [
  { header: 'Property', value: (row) => row.propertyName },
  { header: 'Unit', value: (row) => row.unitNumber },
  { header: 'Unit status', value: (row) => row.unitStatus },
  { header: 'Tenant', value: (row) => row.tenantName },
  { header: 'Lease id', value: (row) => row.leaseId },
  { header: 'Rent', value: (row) => csvMoney(row.rent) },
  { header: 'Recurring charges', value: (row) => csvMoney(row.recurringCharges) },
  { header: 'Lease start', value: (row) => row.leaseStart },
  { header: 'Lease end', value: (row) => row.leaseEnd },
  { header: 'Balance', value: (row) => csvMoney(row.balance) },
  { header: 'Last payment date', value: (row) => row.lastPaymentDate },
  { header: 'Last payment amount', value: (row) => csvMoney(row.lastPaymentAmount) },
];

const ARREARS_COLUMNS: CsvColumn<ArrearsRow>[] = [
  { header: 'Tenant', value: (row) => row.tenantName },
  { header: 'Property', value: (row) => row.propertyName },
  { header: 'Unit', value: (row) => row.unitNumber },
  { header: 'Lease id', value: (row) => row.leaseId },
  { header: 'Lease status', value: (row) => row.leaseStatus },
  ...AGING_BUCKETS.map((bucket): CsvColumn<ArrearsRow> => ({
    header: AGING_BUCKET_LABELS[bucket],
    value: (row) => csvMoney(row.buckets[bucket]),
  })),
  { header: 'Owed', value: (row) => csvMoney(row.balance) },
  { header: 'Oldest open', value: (row) => row.oldestOpenDate },
];

const LEDGER_COLUMNS: CsvColumn<LedgerCsvRow>[] = [
  { header: 'Date', value: (row) => row.entryDate },
  { header: 'Entry', value: (row) => row.title },
  { header: 'Description', value: (row) => row.description },
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Charge', value: (row) => (row.delta > 0 ? csvMoney(row.delta) : null) },
  { header: 'Payment or credit', value: (row) => (row.delta < 0 ? csvMoney(-row.delta) : null) },
  { header: 'Balance', value: (row) => csvMoney(row.runningBalance) },
  { header: 'Reversed', value: (row) => (row.reversedById === null ? null : 'Yes') },
  { header: 'Entry id', value: (row) => row.id },
  { header: 'Recorded', value: (row) => row.recordedOn },
];

const arrearsDescription =
  'Leases with an open balance as of asOf (default: today in the landlord time zone), from ' +
  'the entries dated on or before it. Payments and credits settle the oldest charges first, ' +
  'so what stays open is the newest charges; each open charge is aged by the days from its ' +
  'date (its due date) to asOf: current (0 or less), 1-30, 31-60, 61-90, over 90.';

const rentRollDescription =
  "Every unit of the caller's properties (an Admin: every landlord's) with its current tenant, " +
  'current lease (an Active lease, the one covering today first), the balance owed on that ' +
  "lease (the same figure as the lease's ledger) and its last payment that was not reversed. q " +
  'searches property name, unit number and tenant name (case-insensitive); propertyId limits ' +
  'to one property (404 when not the caller’s). Default order: property, then unit.';

/** Landlord and Admin reports over the rent ledger (docs/product.md, 'Rent roll, arrears and statements'). */
export async function moneyRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/rent-roll',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'The rent roll: every unit with tenant, lease, balance and last payment',
        description: `${rentRollDescription} One page (limit, offset); the exact total is in X-Total-Count.`,
        querystring: rentRollQuerySchema,
        response: {
          200: z.array(rentRollRowSchema),
          ...errors,
        },
      },
    },
    async (request, reply) => withTotal(reply, await runQuery(request, getRentRoll, request.query)),
  );

  app.get(
    '/rent-roll.csv',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'The rent roll as a CSV download (every matching unit, not one page)',
        description: `${rentRollDescription} Amounts are written as 1234.50.`,
        querystring: rentRollCsvQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv, one line per unit after a header line'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Refused before the first byte: once the download starts, its status is sent.
      await runQuery(request, requireManagedFilters, request.query);
      const { now, timeZone } = requestContext(request);
      const chunks = pagesOf(
        async (page) => (await runQuery(request, getRentRoll, { ...request.query, ...page })).rows,
      );
      return sendCsv(
        reply,
        `rent-roll-${calendarDate(now, timeZone)}.csv`,
        RENT_ROLL_COLUMNS,
        chunks,
      );
    },
  );

  app.get(
    '/arrears',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Leases in arrears, with the open balance split into aging buckets',
        description:
          `${arrearsDescription} totals, leasesInArrears and tenantsInArrears cover every ` +
          'matching lease, not only the page (limit, offset; X-Total-Count). Default order: ' +
          'largest balance first.',
        querystring: arrearsQuerySchema,
        response: { 200: arrearsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await runQuery(request, getArrears, request.query);
      withTotal(reply, { rows: answer.leases, total: answer.leasesInArrears });
      return answer;
    },
  );

  app.get(
    '/arrears.csv',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Leases in arrears as a CSV download (every matching lease, not one page)',
        description: `${arrearsDescription} Same filters and sort as the list (default: largest balance first). Columns: ${ARREARS_COLUMNS.map((c) => c.header).join(', ')}. Amounts are written as 1234.50; text a spreadsheet would run as a formula starts with an apostrophe.`,
        querystring: arrearsCsvQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv, one line per lease in arrears after a header line'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Refused before the first byte: once the download starts, its status is sent.
      await runQuery(request, requireManagedFilters, request.query);
      const { now, timeZone } = requestContext(request);
      const query = { ...request.query, asOf: request.query.asOf ?? calendarDate(now, timeZone) };
      const chunks = pagesOf(
        async (page) => (await runQuery(request, getArrears, { ...query, ...page })).leases,
      );
      return sendCsv(reply, `arrears-${query.asOf}.csv`, ARREARS_COLUMNS, chunks);
    },
  );

  app.get(
    '/leases/:id/ledger.csv',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A lease's ledger as a CSV download, with the running balance",
        description:
          "Every entry of the lease's ledger in its order (by date, then as recorded) with the " +
          `balance after each. Columns: ${LEDGER_COLUMNS.map((c) => c.header).join(', ')}. ` +
          'Amounts are written as 1234.50; text a spreadsheet would run as a formula starts with ' +
          "an apostrophe. Another landlord's lease is a 404.",
        params: idParamsSchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv, one line per entry after a header line'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Read (and the lease refused) before the first byte; a ledger is one lease's entries.
      const rows = await runQuery(request, getLedgerRows, request.params.id);
      const { now, timeZone } = requestContext(request);
      async function* once() {
        yield rows;
      }
      return sendCsv(
        reply,
        `ledger-lease-${request.params.id}-${calendarDate(now, timeZone)}.csv`,
        LEDGER_COLUMNS,
        once(),
      );
    },
  );

  app.get(
    '/leases/:id/statement',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A tenant's statement for a date range",
        description:
          'Opening balance (every entry dated before from), the entries dated from..to with a ' +
          'running balance, and the closing balance. Default range: the month of to (default today). ' +
          "Another landlord's lease is a 404; from after to is a 400.",
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errors },
      },
    },
    (request) => runQuery(request, getStatement, { leaseId: request.params.id, ...request.query }),
  );

  app.get(
    '/money/summary',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "This month's rent expected and collected, overdue total, and a monthly series",
        description:
          'expected: rent charges dated this month that stand (not reversed), plus the rent that this ' +
          "month's due dates will charge Active leases not posted yet. collected: payments dated this " +
          'month less reversals of payments dated this month. overdue: open charges dated before ' +
          'today. series: the last `months` months (default 12), oldest first.',
        querystring: moneySummaryQuerySchema,
        response: { 200: moneySummarySchema, ...errors },
      },
    },
    (request) => runQuery(request, getMoneySummary, request.query),
  );
}
