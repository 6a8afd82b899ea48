import { insertRows } from '../../db/batches';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '../../../shared/money';
import type { SortOrder } from '../../../shared/schemas/paging';
import type { UnitStatus } from '../../../shared/constants';
import type {
  CreateUnitBody,
  Unit,
  UnitListItem,
  UnitSortKey,
} from '../../../shared/schemas/units';
import type { Database } from '../../db/client';
import { withPropertyOfUnit } from '../tenancy';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable, type UnitRow } from './units.table';
import { unitNumberOrder } from '../../db/unit-order';

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
    rent: fromCents(row.rent),
    status: row.status as UnitStatus,
  };
}

/** A unit matches a search (docs/product.md section 9) on its number, description, sizes, rent or status. */
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

export interface UnitListOptions extends PageRequest {
  /** Which properties' units the caller may list (undefined: all). */
  propertyFilter?: SQL | undefined;
  /** A containsPattern() of the search text. */
  pattern?: string | undefined;
  /** Exactly this status ('Available' never matches 'Unavailable'). */
  status?: UnitStatus | undefined;
  propertyId?: number | undefined;
  sort?: UnitSortKey | undefined;
  order: SortOrder;
}

const unitSortColumns = {
  unitNumber: unitNumberOrder(unitsTable.unitNumber),
  property: textKey(propertiesTable.name),
  bedrooms: unitsTable.bedrooms,
  bathrooms: unitsTable.bathrooms,
  squareFeet: unitsTable.squareFeet,
  rent: unitsTable.rent,
  status: unitsTable.status,
};

/** One page of units with their property's name, ordered by property then unit number by default. */
export async function listUnits(
  db: Database,
  options: UnitListOptions,
): Promise<{ units: UnitListItem[]; total: number }> {
  const where = and(
    options.propertyFilter,
    options.status ? eq(unitsTable.status, options.status) : undefined,
    options.propertyId ? eq(unitsTable.propertyId, options.propertyId) : undefined,
    options.pattern
      ? or(unitSearchCondition(options.pattern), ilike(propertiesTable.name, options.pattern))
      : undefined,
  );
  const query = withPropertyOfUnit(
    db
      .select({ unit: unitsTable, propertyName: propertiesTable.name, total: totalColumn() })
      .from(unitsTable)
      .$dynamic(),
  )
    .where(where)
    .orderBy(
      ...sortOrder(unitSortColumns, options.sort, options.order, [
        asc(unitsTable.propertyId),
        asc(unitNumberOrder(unitsTable.unitNumber)),
        asc(unitsTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    units: rows.map(({ unit, propertyName }) => ({ ...toUnit(unit), propertyName })),
    total,
  };
}

export async function findUnit(db: Database, id: number): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(unitsTable).where(eq(unitsTable.id, id)).limit(1);
  return row;
}

function unitValues(body: CreateUnitBody) {
  return { ...body, rent: toCents(body.rent) };
}

export async function insertUnit(db: Database, values: CreateUnitBody): Promise<UnitRow> {
  const [row] = await db.insert(unitsTable).values(unitValues(values)).returning();
  return row!;
}

/**
 * Many new units, read back by `organisation` (a condition on their organisation_id, from the
 * caller's scope or property: decision 0030) as well as their ids.
 */
export function insertUnits(
  db: Database,
  values: readonly CreateUnitBody[],
  organisation: SQL | undefined,
): Promise<UnitRow[]> {
  return insertRows(db, unitsTable, values.map(unitValues), { readBack: organisation });
}

type UnitKey = Pick<UnitRow, 'id' | 'organisationId'>;

/** A unit's own row, found by its organisation first (decision 0030). */
export function thisUnit({ id, organisationId }: UnitKey) {
  return and(eq(unitsTable.organisationId, organisationId), eq(unitsTable.id, id));
}

export async function updateUnit(
  db: Database,
  unit: UnitKey,
  values: CreateUnitBody,
): Promise<UnitRow | undefined> {
  const [row] = await db
    .update(unitsTable)
    .set(unitValues(values))
    .where(thisUnit(unit))
    .returning();
  return row;
}

export async function countTenantsOfUnit(db: Database, unit: UnitKey): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tenantsTable)
    .where(
      and(eq(tenantsTable.organisationId, unit.organisationId), eq(tenantsTable.unitId, unit.id)),
    );
  return row?.total ?? 0;
}

export async function deleteUnit(db: Database, unit: UnitKey): Promise<boolean> {
  const rows = await db.delete(unitsTable).where(thisUnit(unit)).returning({ id: unitsTable.id });
  return rows.length > 0;
}
