import { and, eq } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { unitsTable, type UnitRow } from './units.table';

/** A unit is managed through its property: the one place that decides it. */
export async function findManagedUnit(db: Database, user: User, unitId: number): Promise<UnitRow | undefined> {
  const [row] = await db
    .select({ unit: unitsTable })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(eq(unitsTable.id, unitId), managedPropertiesFilter(user)))
    .limit(1);
  return row?.unit;
}

/** Another landlord's unit answers exactly as a missing one: 404. */
export async function requireManagedUnit(db: Database, user: User, unitId: number): Promise<UnitRow> {
  const unit = await findManagedUnit(db, user, unitId);
  if (!unit) throw notFound('units.not_found', 'Unit not found');
  return unit;
}
