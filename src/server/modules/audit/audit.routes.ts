import { z } from 'zod';
import type { AuditedEntity } from '../../../shared/schemas/audit';
import { historyEventSchema } from '../../../shared/schemas/audit';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { runQuery } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  requireManagedApplication,
  requireManagedLease,
  requireManagedProperty,
  requireManagedStaff,
  requireManagedTenant,
  requireManagedUnit,
} from '../authz';
import { requireManagedExpense, requireManagedVendor } from '../expenses';
import { historyOf, type RequireManaged } from './audit.reads';
import { HISTORY_LIMIT } from './audit.repository';

export async function auditRoutes(app: AppInstance): Promise<void> {
  // Whose history is readable, and by whom: the record's manager or an Admin (else 404).
  // Built when the routes are registered, not when this file loads: modules load one another
  // in cycles, so another module's exports may not be there yet at load time (decision 0024).
  const managedRecords: Partial<Record<AuditedEntity, RequireManaged>> = {
    properties: requireManagedProperty,
    units: requireManagedUnit,
    staff: requireManagedStaff,
    tenants: requireManagedTenant,
    leases: requireManagedLease,
    applications: requireManagedApplication,
    vendors: requireManagedVendor,
    expenses: requireManagedExpense,
  };
  for (const [resource, requireManaged] of Object.entries(managedRecords)) {
    const readHistory = historyOf(resource as AuditedEntity, requireManaged);
    app.get(
      `/${resource}/:id/history`,
      {
        config: { access: 'manager', area: 'portfolio' },
        schema: {
          tags: [resource],
          summary: `Who changed this record, when and what (newest first, at most ${HISTORY_LIMIT})`,
          description:
            'Each event names the actor, the action and, for a change, the fields that changed with ' +
            'their values before and after. For the record\u2019s manager or an Admin; anyone else gets 404.',
          params: idParamsSchema,
          response: {
            200: z.array(historyEventSchema),
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      (request) => runQuery(request, readHistory, request.params.id),
    );
  }
}
