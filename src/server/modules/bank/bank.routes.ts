import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  bankAccountBodySchema,
  bankAccountSchema,
  bankLineSchema,
  bankLinesQuerySchema,
  lineExpenseBodySchema,
  linePaymentBodySchema,
  matchBodySchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  statementBodySchema,
  statementImportSchema,
  statementPreviewSchema,
  typedBalanceBodySchema,
} from '../../../shared/schemas/bank';
import { calendarDate } from '../../../shared/dates';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  confirmMatch,
  createAccount,
  getAccount,
  importStatement,
  listAccounts,
  listLines,
  previewStatement,
  reconcile,
  recordLineAsExpense,
  recordLineAsPayment,
  rejectSuggestion,
  setTypedBalance,
  unmatch,
  updateAccount,
} from './bank.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const conflicts = { 409: errorBodySchema };
const tags = ['bank'];

/**
 * The landlord's bank (docs/product.md section 31): Landlord of the account, or Admin; another
 * landlord's account or line is a 404.
 */
export async function bankRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/bank-accounts',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "The landlord's bank accounts, with how many lines are still unmatched",
        response: { 200: z.array(bankAccountSchema), ...errors },
      },
    },
    (request) => runQuery(request, listAccounts, undefined),
  );

  app.post(
    '/bank-accounts',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Add a bank account: its name, last 4 digits, opening balance and date',
        body: bankAccountBodySchema,
        response: { 201: bankAccountSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, createAccount, request.body)),
  );

  app.get(
    '/bank-accounts/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'A bank account, with the CSV mapping it remembers',
        params: idParamsSchema,
        response: { 200: bankAccountSchema, ...errors },
      },
    },
    (request) => runQuery(request, getAccount, request.params.id),
  );

  app.put(
    '/bank-accounts/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "Change a bank account's name, last 4 digits, opening balance or date",
        params: idParamsSchema,
        body: bankAccountBodySchema,
        response: { 200: bankAccountSchema, ...errors },
      },
    },
    (request) => runService(request, updateAccount, { id: request.params.id, body: request.body }),
  );

  app.post(
    '/bank-accounts/:id/statements/preview',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Read a statement (CSV through a mapping, or OFX/QFX) without saving: its first lines, ' +
          'the lines that cannot be read, and how many are new',
        description:
          'content is the file as text. With no mapping, a CSV is read with the one the account ' +
          'remembers, else one guessed from its header.',
        params: idParamsSchema,
        body: statementBodySchema,
        response: { 200: statementPreviewSchema, ...errors },
      },
    },
    (request) =>
      runService(request, previewStatement, { accountId: request.params.id, body: request.body }),
  );

  app.post(
    '/bank-accounts/:id/statements',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Import a statement: every line once (the same file again adds nothing and says how ' +
          'many lines were already there); all or nothing; the CSV mapping is remembered',
        params: idParamsSchema,
        body: statementBodySchema,
        response: { 201: statementImportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, importStatement, {
          accountId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/bank-accounts/:id/lines',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          "An account's statement lines (of a month, matched or not), each with its match or a suggested one",
        params: idParamsSchema,
        querystring: bankLinesQuerySchema,
        response: { 200: z.array(bankLineSchema), ...errors },
      },
    },
    (request) =>
      runQuery(request, listLines, {
        accountId: request.params.id,
        month: request.query.month,
        status: request.query.status,
      }),
  );

  app.get(
    '/bank-accounts/:id/reconciliation',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          "A month's reconciliation: the statement's closing balance against the books, and what " +
          'is unmatched on both sides (this month when none is named)',
        params: idParamsSchema,
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationSchema, ...errors },
      },
    },
    (request) =>
      runQuery(request, reconcile, {
        accountId: request.params.id,
        month:
          request.query.month ??
          calendarDate(request.server.config.now(), request.server.config.timeZone).slice(0, 7),
      }),
  );

  app.post(
    '/bank-accounts/:id/balances',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          "Type a month's closing balance from a paper statement; answers the reconciliation",
        params: idParamsSchema,
        body: typedBalanceBodySchema,
        response: { 200: reconciliationSchema, ...errors },
      },
    },
    (request) =>
      runService(request, setTypedBalance, { accountId: request.params.id, body: request.body }),
  );

  app.post(
    '/bank-lines/:id/match',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Confirm that a line is a recorded payment or expense (equal amounts; each matched once; ' +
          'an unpaid expense becomes paid on the line date)',
        params: idParamsSchema,
        body: matchBodySchema,
        response: { 200: bankLineSchema, ...conflicts, ...errors },
      },
    },
    (request) =>
      runService(request, confirmMatch, { lineId: request.params.id, body: request.body }),
  );

  app.delete(
    '/bank-lines/:id/match',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Unmatch a line from its payment or expense (the record itself stays)',
        params: idParamsSchema,
        response: { 200: bankLineSchema, ...conflicts, ...errors },
      },
    },
    (request) => runService(request, unmatch, request.params.id),
  );

  app.post(
    '/bank-lines/:id/rejections',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Turn a suggested match down: it is not suggested for this line again',
        params: idParamsSchema,
        body: matchBodySchema,
        response: { 200: bankLineSchema, ...conflicts, ...errors },
      },
    },
    (request) =>
      runService(request, rejectSuggestion, { lineId: request.params.id, body: request.body }),
  );

  app.post(
    '/bank-lines/:id/payment',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          "Record an unmatched deposit as a payment on one of the landlord's leases, matched to the line",
        params: idParamsSchema,
        body: linePaymentBodySchema,
        response: { 201: bankLineSchema, ...conflicts, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, recordLineAsPayment, {
          lineId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/bank-lines/:id/expense',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          "Record an unmatched withdrawal as an expense of one of the landlord's properties (paid on the line date), matched to the line",
        params: idParamsSchema,
        body: lineExpenseBodySchema,
        response: { 201: bankLineSchema, ...conflicts, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, recordLineAsExpense, {
          lineId: request.params.id,
          body: request.body,
        }),
      ),
  );
}
