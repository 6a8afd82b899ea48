import { and, eq } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { staffTable, type StaffRow } from './staff.table';

/** A staff member is managed through their property: the one place that decides it. */
export async function findManagedStaff(db: Database, user: User, staffId: number): Promise<StaffRow | undefined> {
  const [row] = await db
    .select({ staff: staffTable })
    .from(staffTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
    .where(and(eq(staffTable.id, staffId), managedPropertiesFilter(user)))
    .limit(1);
  return row?.staff;
}

/** Another landlord's staff member answers exactly as a missing one: 404. */
export async function requireManagedStaff(db: Database, user: User, staffId: number): Promise<StaffRow> {
  const staff = await findManagedStaff(db, user, staffId);
  if (!staff) throw notFound('staff.not_found', 'Staff member not found');
  return staff;
}
