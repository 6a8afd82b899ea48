import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { requireManagedProperty, requireManagedTenant, requireManagedUnit } from '../authz';

/**
 * A list filtered by a record (propertyId=7) is refused, as the record itself would be, when
 * the caller does not manage that record: an empty list would still tell them it exists.
 */
export async function requireManagedFilters(
  db: Database,
  actor: Actor,
  filters: {
    propertyId?: number | undefined;
    unitId?: number | undefined;
    tenantId?: number | undefined;
  },
): Promise<void> {
  if (filters.propertyId) await requireManagedProperty(db, actor, filters.propertyId);
  if (filters.unitId) await requireManagedUnit(db, actor, filters.unitId);
  if (filters.tenantId) await requireManagedTenant(db, actor, filters.tenantId);
}
