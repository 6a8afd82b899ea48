import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UnitStatus } from '../../../shared/constants';
import type { CreateUnitBody, Unit } from '../../../shared/schemas/units';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties/properties.table';
import { tenantsTable } from '../tenants/tenants.table';
import { unitsTable, type UnitRow } from './units.table';

export function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    unitNumber: row.unitNumber,
    propertyId: row.propertyId,
    description: row.description,
    imageUrl: row.imageUrl,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFeet: row.squareFeet,
    rent: row.rent,
    status: row.status as UnitStatus,
  };
}

/** A unit matches a search (SPEC section 9) on its number, description, sizes, rent or status. */
export function unitSearchCondition(pattern: string): SQL | undefined {
  return or(
    ilike(unitsTable.unitNumber, pattern),
    ilike(unitsTable.description, pattern),
    ilike(sql`${unitsTable.bedrooms}::text`, pattern),
    ilike(sql`${unitsTable.bathrooms}::text`, pattern),
    ilike(sql`${unitsTable.squareFeet}::text`, pattern),
    ilike(sql`${unitsTable.rent}::text`, pattern),
    ilike(unitsTable.status, pattern),
  );
}

export interface UnitListOptions {
  /** Which properties' units the caller may list (undefined: all). */
  propertyFilter?: SQL | undefined;
  /** A containsPattern() of the search text. */
  pattern?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Units ordered by property then unit number: one query, plus one for the total when paging. */
export async function listUnits(db: Database, options: UnitListOptions): Promise<{ units: Unit[]; total: number }> {
  const where = and(
    options.propertyFilter,
    options.pattern ? or(unitSearchCondition(options.pattern), ilike(propertiesTable.name, options.pattern)) : undefined,
  );
  let query = db
    .select({ unit: unitsTable })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(where)
    .orderBy(asc(unitsTable.propertyId), asc(unitsTable.unitNumber), asc(unitsTable.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;

  let total = rows.length;
  if (options.limit !== undefined || options.offset !== undefined) {
    const [counted] = await db
      .select({ total: count() })
      .from(unitsTable)
      .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { units: rows.map(({ unit }) => toUnit(unit)), total };
}

export async function findUnit(db: Database, id: number): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(unitsTable).where(eq(unitsTable.id, id)).limit(1);
  return row;
}

export async function insertUnit(db: Database, values: CreateUnitBody): Promise<UnitRow> {
  const [row] = await db.insert(unitsTable).values(values).returning();
  return row!;
}

export async function updateUnit(db: Database, id: number, values: CreateUnitBody): Promise<UnitRow | undefined> {
  const [row] = await db.update(unitsTable).set(values).where(eq(unitsTable.id, id)).returning();
  return row;
}

export async function countTenantsOfUnit(db: Database, unitId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tenantsTable).where(eq(tenantsTable.unitId, unitId));
  return row?.total ?? 0;
}

export async function deleteUnit(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(unitsTable).where(eq(unitsTable.id, id)).returning({ id: unitsTable.id });
  return rows.length > 0;
}
