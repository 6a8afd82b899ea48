import { and, eq } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { unitsTable } from '../units/units.table';
import { tenantsTable, type TenantRow } from './tenants.table';

/**
 * Who manages which tenant: the one place that decides it. A tenant is managed through
 * their unit's property (SPEC section 6), so these build on managedPropertiesFilter; units
 * themselves are decided in units.access.ts.
 */
export async function findManagedTenant(db: Database, user: User, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db
    .select({ tenant: tenantsTable })
    .from(tenantsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(eq(tenantsTable.id, tenantId), managedPropertiesFilter(user)))
    .limit(1);
  return row?.tenant;
}

/** Another landlord's tenant answers exactly as a missing one: 404. */
export async function requireManagedTenant(db: Database, user: User, tenantId: number): Promise<TenantRow> {
  const tenant = await findManagedTenant(db, user, tenantId);
  if (!tenant) throw notFound('tenants.not_found', 'Tenant not found');
  return tenant;
}
