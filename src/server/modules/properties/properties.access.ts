import { and, eq, type SQL } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { isAdmin } from '../auth/auth.plugin';
import { propertiesTable, type PropertyRow } from './properties.table';

/**
 * Who manages which property: the one place that decides it. A Landlord manages their own
 * properties, an Admin every property. Units, staff, tenants, leases and applications are
 * managed through their property, so their access checks build on these.
 */
export function managedPropertiesFilter(user: User): SQL | undefined {
  return isAdmin(user) ? undefined : eq(propertiesTable.userId, user.id);
}

export async function findManagedProperty(
  db: Database,
  user: User,
  propertyId: number,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(propertiesTable)
    .where(and(eq(propertiesTable.id, propertyId), managedPropertiesFilter(user)))
    .limit(1);
  return row;
}

/** Another landlord's property answers exactly as a missing one: 404. */
export async function requireManagedProperty(
  db: Database,
  user: User,
  propertyId: number,
): Promise<PropertyRow> {
  const row = await findManagedProperty(db, user, propertyId);
  if (!row) throw notFound('properties.not_found', 'Property not found');
  return row;
}
