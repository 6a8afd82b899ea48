import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  addReceiptBodySchema,
  createExpenseBodySchema,
  expenseListQuerySchema,
  expenseSchema,
  expenseSummarySchema,
  expenseTotalsSchema,
  markExpensePaidBodySchema,
  receiptParamsSchema,
  updateExpenseBodySchema,
  workOrderExpenseBodySchema,
} from '../../../shared/schemas/expenses';
import { runQuery, runService, type Context } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { sendStoredFile } from '../uploads';
import { readPhoto } from '../uploads';
import {
  addExpense,
  addReceipt,
  deleteExpense,
  findExpenseReceipt,
  listExpenses,
  listPropertyExpenses,
  markExpensePaid,
  readExpense,
  removeReceipt,
  updateExpense,
} from './expenses.service';
import { recordWorkOrderExpense } from './work-order-expense.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const refusals = { 409: errorBodySchema, 422: errorBodySchema };
const tags = ['expenses'];

const payExpense = async (ctx: Context, input: { id: number; paidOn: string }) => {
  await markExpensePaid(ctx, input.id, input.paidOn);
  return readExpense(ctx, input.id);
};

/**
 * What the landlord's properties cost (docs/product.md section 29). The landlord of the
 * expense's property or an Admin; another landlord's expense answers 404.
 */
export async function expensesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/expenses',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "The caller's expenses, newest first, one page",
        description:
          'Filters: propertyId, vendorId, category (a Schedule E line), status (paid, unpaid), ' +
          'from and to (the expense date, inclusive); q searches memo, vendor and property. ' +
          'The exact total count is in X-Total-Count; GET /api/expenses/totals sums the same rows.',
        querystring: expenseListQuerySchema,
        response: { 200: z.array(expenseSummarySchema), ...errors },
      },
    },
    async (request, reply) =>
      withTotal(reply, await runQuery(request, listExpenses, request.query)),
  );

  app.get(
    '/expenses/totals',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'The sums of every expense the same filters match (all pages): total, paid, unpaid',
        querystring: expenseListQuerySchema,
        response: { 200: expenseTotalsSchema, ...errors },
      },
    },
    async (request) =>
      (await runQuery(request, listExpenses, { ...request.query, limit: 1, offset: 0 })).totals,
  );

  app.post(
    '/expenses',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Record an expense of a property the caller manages, with its receipts',
        description:
          'amount > 0 with at most two decimals; category is a Schedule E line; paidOn makes it ' +
          'paid, else it is unpaid (dueDate optional). unitId must be a unit of the property and ' +
          "vendorId a vendor of the property's landlord (else 422). receiptUploadIds: files the " +
          'caller sent to POST /api/uploads (photos or PDFs).',
        body: createExpenseBodySchema,
        response: { 201: expenseSchema, ...refusals, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, addExpense, request.body)),
  );

  app.get(
    '/expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'One expense with its receipts and the work order it came from, if any',
        params: idParamsSchema,
        response: { 200: expenseSchema, ...errors },
      },
    },
    (request) => runQuery(request, readExpense, request.params.id),
  );

  app.patch(
    '/expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Change an expense: the fields sent change (null clears unitId, vendorId, paidOn, dueDate)',
        params: idParamsSchema,
        body: updateExpenseBodySchema,
        response: { 200: expenseSchema, ...refusals, ...errors },
      },
    },
    (request) => runService(request, updateExpense, { id: request.params.id, body: request.body }),
  );

  app.post(
    '/expenses/:id/paid',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Mark an unpaid expense paid on a date (409 if already paid on another)',
        params: idParamsSchema,
        body: markExpensePaidBodySchema,
        response: { 200: expenseSchema, ...refusals, ...errors },
      },
    },
    (request) =>
      runService(request, payExpense, { id: request.params.id, paidOn: request.body.paidOn }),
  );

  app.delete(
    '/expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Delete an expense and its receipts (409 for one a recurring expense posted)',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals, ...errors },
      },
    },
    async (request, reply) => {
      const files = await runService(request, deleteExpense, request.params.id);
      for (const key of files) await app.files.delete(key);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/expenses/:id/receipts',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Attach a receipt: a photo or PDF the caller sent to POST /api/uploads',
        params: idParamsSchema,
        body: addReceiptBodySchema,
        response: { 201: expenseSchema, ...refusals, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, addReceipt, {
          id: request.params.id,
          uploadId: request.body.uploadId,
        }),
      ),
  );

  app.get(
    '/expenses/:id/receipts/:receiptId',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A receipt's bytes: a photo inline (image/webp), a PDF only as a download",
        params: receiptParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const upload = await runQuery(request, findExpenseReceipt, {
        id: request.params.id,
        uploadId: request.params.receiptId,
      });
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );

  app.delete(
    '/expenses/:id/receipts/:receiptId',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Remove a receipt from an expense; its file is deleted',
        params: receiptParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const files = await runService(request, removeReceipt, {
        id: request.params.id,
        uploadId: request.params.receiptId,
      });
      for (const key of files) await app.files.delete(key);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/properties/:id/expenses',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A property's five latest expenses, for its page",
        params: idParamsSchema,
        response: { 200: z.array(expenseSummarySchema), ...errors },
      },
    },
    (request) => runQuery(request, listPropertyExpenses, request.params.id),
  );

  app.post(
    '/work-orders/:id/expense',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags: ['expenses', 'work-orders'],
        summary: "Record a finished work order's cost as an expense (once: 409 after)",
        description:
          'The work order must be Done or Closed with a recorded cost. The expense is of its ' +
          'unit, its vendor (if a vendor did the work), category repairs unless another is ' +
          'given, dated today unless expenseDate is given; the two are linked both ways.',
        params: idParamsSchema,
        body: workOrderExpenseBodySchema,
        response: { 201: expenseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, recordWorkOrderExpense, {
          id: request.params.id,
          body: request.body,
        }),
      ),
  );
}
