import { runQuery, runService } from '../../context';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  chargeBodySchema,
  creditBodySchema,
  ledgerEntryParamsSchema,
  ledgerSchema,
  paymentBodySchema,
  reversalBodySchema,
} from '../../../shared/schemas/ledger';
import type { AppInstance } from '../../http/types';
import { getLedger, postCharge, postCredit, recordPayment, reverseEntry } from './ledger.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['ledger'];

/**
 * A lease's ledger (Landlord of the lease, or Admin; another landlord's lease is a 404).
 * Every write answers the whole ledger, read after the write in its transaction (no other
 * writer's entry lands between), so a screen shows the new balance without a second call.
 */
export async function ledgerRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/leases/:id/ledger',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A lease's ledger: entries with running balance, open amount of each charge",
        params: idParamsSchema,
        response: { 200: ledgerSchema, ...errors },
      },
    },
    (request) => runQuery(request, getLedger, request.params.id),
  );

  app.post(
    '/leases/:id/ledger/charges',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Add a one-off charge (fee, utilities, damages, other)',
        params: idParamsSchema,
        body: chargeBodySchema,
        response: { 201: ledgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ledger = await runService(
        request,
        async (ctx, input) => {
          await postCharge(ctx, input);
          return getLedger(ctx, input.leaseId);
        },
        { leaseId: request.params.id, body: request.body },
      );
      return reply.status(201).send(ledger);
    },
  );

  app.post(
    '/leases/:id/ledger/credits',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Add a credit (lowers what the tenant owes)',
        params: idParamsSchema,
        body: creditBodySchema,
        response: { 201: ledgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ledger = await runService(
        request,
        async (ctx, input) => {
          await postCredit(ctx, input);
          return getLedger(ctx, input.leaseId);
        },
        { leaseId: request.params.id, body: request.body },
      );
      return reply.status(201).send(ledger);
    },
  );

  app.post(
    '/leases/:id/ledger/payments',
    {
      config: { access: 'manager', area: 'payments' },
      schema: {
        tags,
        summary:
          'Record a payment, applied to the oldest open charges first. A repeated idempotencyKey records nothing new and answers 200.',
        params: idParamsSchema,
        body: paymentBodySchema,
        response: { 200: ledgerSchema, 201: ledgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { recorded, ledger } = await runService(
        request,
        async (ctx, input) => ({
          recorded: (await recordPayment(ctx, input)) !== null,
          ledger: await getLedger(ctx, input.leaseId),
        }),
        { leaseId: request.params.id, body: request.body },
      );
      return reply.status(recorded ? 201 : 200).send(ledger);
    },
  );

  app.post(
    '/leases/:id/ledger/entries/:entryId/reversal',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Reverse an entry with a reason (once; a reversal cannot be reversed)',
        params: ledgerEntryParamsSchema,
        body: reversalBodySchema,
        response: { 201: ledgerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const ledger = await runService(
        request,
        async (ctx, input) => {
          await reverseEntry(ctx, input);
          return getLedger(ctx, input.leaseId);
        },
        { leaseId: request.params.id, entryId: request.params.entryId, body: request.body },
      );
      return reply.status(201).send(ledger);
    },
  );
}
