import type { Context } from '../../context';
import { requireManagedProperty, requireManagedTenant, requireManagedUnit } from '../authz';

/**
 * A list filtered by a record (propertyId=7) is refused, as the record itself would be, when
 * the caller does not manage that record: an empty list would still tell them it exists.
 * A read: a CSV download runs it alone, before its first byte.
 */
export async function requireManagedFilters(
  { tx, actor }: Context,
  filters: {
    propertyId?: number | undefined;
    unitId?: number | undefined;
    tenantId?: number | undefined;
  },
): Promise<void> {
  if (filters.propertyId) await requireManagedProperty(tx, actor, filters.propertyId);
  if (filters.unitId) await requireManagedUnit(tx, actor, filters.unitId);
  if (filters.tenantId) await requireManagedTenant(tx, actor, filters.tenantId);
}
