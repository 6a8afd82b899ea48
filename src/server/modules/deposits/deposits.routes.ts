import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  depositReceiptBodySchema,
  depositRegisterItemSchema,
  depositRegisterQuerySchema,
  depositSettlementBodySchema,
  leaseDepositSchema,
} from '../../../shared/schemas/deposits';
import { runQuery, runService } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import {
  getLeaseDeposit,
  readDepositRegister,
  recordReceipt,
  settleDeposit,
} from './deposits.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['deposits'];

/**
 * The deposit register (Landlord of the lease, or Admin; another landlord's lease is a 404).
 * Every write answers the lease's whole deposit, so a screen shows what is held at once.
 */
export async function depositsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/deposits',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'The deposit register: per lease, the deposit agreed, received and held now',
        description:
          'q searches tenant names, unit number and property name; propertyId and status filter. ' +
          'One page (limit, default and at most 100; offset), sorted by sort and order (newest ' +
          'start first by default); the exact total is in the X-Total-Count header.',
        querystring: depositRegisterQuerySchema,
        response: { 200: z.array(depositRegisterItemSchema), ...errors },
      },
    },
    async (request, reply) =>
      withTotal(reply, await runQuery(request, readDepositRegister, request.query)),
  );

  app.get(
    '/leases/:id/deposit',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A lease's deposit: agreed, received, held, its settlement and every movement",
        params: idParamsSchema,
        response: { 200: leaseDepositSchema, ...errors },
      },
    },
    (request) => runQuery(request, getLeaseDeposit, request.params.id),
  );

  app.post(
    '/leases/:id/deposit/receipts',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Record deposit money received (in all, at most the deposit the lease agreed; 409 once settled)',
        params: idParamsSchema,
        body: depositReceiptBodySchema,
        response: { 201: leaseDepositSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, recordReceipt, {
          leaseId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/leases/:id/deposit/settlement',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary:
          'Settle the deposit at move-out, once (409 after): deductions are charged and paid from it, ' +
          'then open charges if asked; the rest is returned',
        params: idParamsSchema,
        body: depositSettlementBodySchema,
        response: { 201: leaseDepositSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, settleDeposit, {
          leaseId: request.params.id,
          body: request.body,
        }),
      ),
  );
}
