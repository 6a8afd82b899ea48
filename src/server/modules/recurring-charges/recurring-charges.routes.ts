import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  recurringChargeBodySchema,
  recurringChargeParamsSchema,
  recurringChargeSchema,
} from '../../../shared/schemas/recurring-charges';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  addRecurringCharge,
  changeRecurringCharge,
  listRecurringCharges,
  removeRecurringCharge,
} from './recurring-charges.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['recurring-charges'];

/**
 * A lease's recurring charges (parking, pet rent, ...), posted with its rent each period
 * (docs/decisions/0020). Landlord of the lease or Admin; another landlord's lease is a 404.
 */
export async function recurringChargesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/leases/:id/recurring-charges',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: "A lease's recurring charges, oldest first, with the periods each has posted",
        params: idParamsSchema,
        response: { 200: z.array(recurringChargeSchema), ...errors },
      },
    },
    (request) => runQuery(request, listRecurringCharges, request.params.id),
  );

  app.post(
    '/leases/:id/recurring-charges',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Add a recurring charge, posted with the rent of each period due from its start',
        description:
          'kind (parking, pet_rent, utilities, storage, other), amount (> 0), startDate, ' +
          "optional endDate and description. Posted with the lease's rent by the hourly rent job " +
          'for every period whose due date falls from startDate through endDate.',
        params: idParamsSchema,
        body: recurringChargeBodySchema,
        response: { 201: recurringChargeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, addRecurringCharge, {
          leaseId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.put(
    '/leases/:id/recurring-charges/:chargeId',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Change or end a recurring charge (from its next posting on)',
        description: 'Periods already posted stay as they were; an end date ends the charge.',
        params: recurringChargeParamsSchema,
        body: recurringChargeBodySchema,
        response: { 200: recurringChargeSchema, ...errors },
      },
    },
    (request) =>
      runService(request, changeRecurringCharge, {
        leaseId: request.params.id,
        chargeId: request.params.chargeId,
        body: request.body,
      }),
  );

  app.delete(
    '/leases/:id/recurring-charges/:chargeId',
    {
      config: { access: 'manager', area: 'money' },
      schema: {
        tags,
        summary: 'Remove a recurring charge never posted (409 once posted: end it instead)',
        params: recurringChargeParamsSchema,
        response: { 204: z.null(), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await runService(request, removeRecurringCharge, {
        leaseId: request.params.id,
        chargeId: request.params.chargeId,
      });
      return reply.status(204).send(null);
    },
  );
}
