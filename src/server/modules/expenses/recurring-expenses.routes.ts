import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  recurringExpenseBodySchema,
  recurringExpenseListQuerySchema,
  recurringExpenseSchema,
} from '../../../shared/schemas/expenses';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  addRecurringExpense,
  changeRecurringExpense,
  listRecurringExpenses,
  readRecurringExpense,
  removeRecurringExpense,
} from './recurring-expenses.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['recurring-expenses'];

/**
 * Expenses that come back (insurance, HOA dues, mortgage interest): an hourly job posts one
 * expense per period whose date has come, once. The landlord of the property or an Admin.
 */
export async function recurringExpensesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/recurring-expenses',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "The caller's recurring expenses (propertyId: one property's)",
        querystring: recurringExpenseListQuerySchema,
        response: { 200: z.array(recurringExpenseSchema), ...errors },
      },
    },
    (request) => runQuery(request, listRecurringExpenses, request.query),
  );

  app.post(
    '/recurring-expenses',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Add a recurring expense, posted each period from its start date',
        description:
          'frequency monthly, quarterly or yearly: an expense is posted on the start date and ' +
          'then every one, three or twelve months on the same day (the last day of a shorter ' +
          'month), through endDate if set. autopay paid posts it paid on its date; unpaid, due then.',
        body: recurringExpenseBodySchema,
        response: { 201: recurringExpenseSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, addRecurringExpense, request.body)),
  );

  app.get(
    '/recurring-expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'One recurring expense',
        params: idParamsSchema,
        response: { 200: recurringExpenseSchema, ...errors },
      },
    },
    (request) => runQuery(request, readRecurringExpense, request.params.id),
  );

  app.put(
    '/recurring-expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Change or end a recurring expense (from its next posting on)',
        params: idParamsSchema,
        body: recurringExpenseBodySchema,
        response: { 200: recurringExpenseSchema, 422: errorBodySchema, ...errors },
      },
    },
    (request) =>
      runService(request, changeRecurringExpense, { id: request.params.id, body: request.body }),
  );

  app.delete(
    '/recurring-expenses/:id',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Remove a recurring expense never posted (409 once posted: end it instead)',
        params: idParamsSchema,
        response: { 204: z.null(), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await runService(request, removeRecurringExpense, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
