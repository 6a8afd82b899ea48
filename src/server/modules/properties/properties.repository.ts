import { insertRows } from '../../db/batches';
import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Property, PropertyOwner, PropertySortKey } from '../../../shared/schemas/properties';
import type { Unit } from '../../../shared/schemas/units';
import type { Database } from '../../db/client';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import type { SortOrder } from '../../../shared/schemas/paging';
import { unitSearchCondition, toUnit, unitsTable } from '../units';
import { publicEmail, publicName, publicPhone, usersTable } from '../users';
import { propertiesTable, type PropertyRow } from './properties.table';
import { propertySearchTable } from './property-search.table';
import { unitNumberOrder } from '../../db/unit-order';

/** A case-insensitive 'contains' pattern for ILIKE, with the user's % _ \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The owner as the public sees them: a hidden email or phone is null. */
const ownerColumns = {
  id: usersTable.id,
  userName: usersTable.userName,
  name: publicName,
  email: publicEmail,
  phone: publicPhone,
};

export function toProperty(row: PropertyRow, owner: PropertyOwner, units?: Unit[]): Property {
  const property: Property = {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    imageUrl: row.imageUrl,
    owner,
  };
  if (units) property.units = units;
  return property;
}

/** Separates the fields of property_search.body (see its migration). */
const FIELD_SEPARATOR = '\x1f';

/**
 * docs/product.md section 9: a property matches when its own fields, its owner's public contact or any
 * of its units contain the text, without regard to case. property_search.body holds all of
 * them for each property in lower case, kept current by triggers and trigram-indexed, so
 * the search costs what it matches (ILIKE lowers both sides too: LIKE on lower() is the
 * same test). A search containing the field separator could match across two
 * fields there, so it is checked field by field instead.
 */
function propertySearchCondition(db: Database, q: string): SQL | undefined {
  const pattern = containsPattern(q);
  if (!q.includes(FIELD_SEPARATOR)) {
    return inArray(
      propertiesTable.id,
      db
        .select({ id: propertySearchTable.propertyId })
        .from(propertySearchTable)
        .where(sql`${propertySearchTable.body} like lower(${pattern})`),
    );
  }
  return or(
    ilike(propertiesTable.name, pattern),
    ilike(propertiesTable.address, pattern),
    ilike(propertiesTable.city, pattern),
    ilike(propertiesTable.state, pattern),
    ilike(propertiesTable.zipCode, pattern),
    ilike(propertiesTable.description, pattern),
    ilike(usersTable.userName, pattern),
    ilike(publicEmail, pattern),
    ilike(publicPhone, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(unitsTable)
        .where(and(eq(unitsTable.propertyId, propertiesTable.id), unitSearchCondition(pattern))),
    ),
  );
}

/** The public listing's unit filters (docs/product.md section 16); rented units are hidden unless asked. */
export interface ListingCriteria {
  minBedrooms?: number | undefined;
  minBathrooms?: number | undefined;
  minRent?: number | undefined;
  maxRent?: number | undefined;
  city?: string | undefined;
  includeRented: boolean;
}

/** The units a listing shows, over the units alias `u` of a raw statement. */
export function listedUnitCondition(criteria: ListingCriteria): SQL {
  const parts: SQL[] = [sql`true`];
  if (!criteria.includeRented) parts.push(sql`u.status <> 'Rented'`);
  if (criteria.minBedrooms !== undefined) parts.push(sql`u.bedrooms >= ${criteria.minBedrooms}`);
  if (criteria.minBathrooms !== undefined) parts.push(sql`u.bathrooms >= ${criteria.minBathrooms}`);
  if (criteria.minRent !== undefined) parts.push(sql`u.rent >= ${criteria.minRent}`);
  if (criteria.maxRent !== undefined) parts.push(sql`u.rent <= ${criteria.maxRent}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Which properties a listing shows: in the city asked (any case); with a unit it shows when a
 * unit filter is set; else any property but one whose every unit is rented (unless asked).
 */
function listingCondition(criteria: ListingCriteria): SQL {
  const unitsOf = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM units u WHERE u.property_id = ${propertiesTable.id} AND ${condition})`;
  const parts: SQL[] = [];
  if (criteria.city) parts.push(sql`lower(${propertiesTable.city}) = lower(${criteria.city})`);
  const unitFilter =
    criteria.minBedrooms !== undefined ||
    criteria.minBathrooms !== undefined ||
    criteria.minRent !== undefined ||
    criteria.maxRent !== undefined;
  if (unitFilter) parts.push(unitsOf(listedUnitCondition(criteria)));
  else if (!criteria.includeRented) {
    parts.push(
      sql`NOT (${unitsOf(sql`u.status = 'Rented'`)} AND NOT ${unitsOf(sql`u.status <> 'Rented'`)})`,
    );
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

export interface PropertyListOptions extends PageRequest {
  /** Which properties the caller may list (undefined: all). */
  filter?: SQL | undefined;
  /** The public listing's filters: its properties and the units each one shows. */
  listing?: ListingCriteria | undefined;
  q?: string | undefined;
  sort?: PropertySortKey | undefined;
  order: SortOrder;
  includeUnits?: boolean;
}

export const propertySortColumns = {
  name: textKey(propertiesTable.name),
  address: textKey(propertiesTable.address),
  city: textKey(propertiesTable.city),
  state: textKey(propertiesTable.state),
  zipCode: propertiesTable.zipCode,
};

/** Which properties a list shows: the caller's filter and the search, over properties and their owner. */
export function propertyListWhere(db: Database, options: PropertyListOptions): SQL | undefined {
  return and(
    options.filter,
    options.q ? propertySearchCondition(db, options.q) : undefined,
    options.listing ? listingCondition(options.listing) : undefined,
  );
}

/**
 * Properties with their owner's contact, ordered by name then id: one query for the page and
 * its exact total, one for the units when asked. Never one per property. (The JSON list is
 * property-list.statement.ts; this one serves the CSV download.)
 */
export async function listProperties(
  db: Database,
  options: PropertyListOptions,
): Promise<{ properties: Property[]; total: number }> {
  const where = propertyListWhere(db, options);
  const query = db
    .select({ property: propertiesTable, owner: ownerColumns, total: totalColumn() })
    .from(propertiesTable)
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .where(where)
    .orderBy(
      ...sortOrder(propertySortColumns, options.sort, options.order, [
        asc(sql`lower(${propertiesTable.name})`),
        asc(propertiesTable.name),
        asc(propertiesTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);

  let unitsByProperty: Map<number, Unit[]> | undefined;
  if (options.includeUnits) {
    unitsByProperty = new Map(rows.map(({ property }) => [property.id, []]));
    const ids = rows.map(({ property }) => property.id);
    if (ids.length > 0) {
      const unitRows = await db
        .select()
        .from(unitsTable)
        .where(inArray(unitsTable.propertyId, ids))
        .orderBy(asc(unitNumberOrder(unitsTable.unitNumber)), asc(unitsTable.id));
      for (const unit of unitRows) unitsByProperty.get(unit.propertyId)?.push(toUnit(unit));
    }
  }

  return {
    properties: rows.map(({ property, owner }) =>
      toProperty(property, owner, unitsByProperty?.get(property.id)),
    ),
    total,
  };
}

export async function findPropertyWithOwner(
  db: Database,
  id: number,
  filter?: SQL,
): Promise<Property | undefined> {
  const [row] = await db
    .select({ property: propertiesTable, owner: ownerColumns })
    .from(propertiesTable)
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .where(and(eq(propertiesTable.id, id), filter))
    .limit(1);
  return row ? toProperty(row.property, row.owner) : undefined;
}

export interface PropertyValues {
  name: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  imageUrl: string | null;
}

/** Whose a new property is: its organisation, and the account shown as its owner contact. */
export interface NewPropertyOwner {
  userId: number;
  organisationId: number;
}

export async function insertProperty(
  db: Database,
  owner: NewPropertyOwner,
  values: PropertyValues,
): Promise<PropertyRow> {
  const [row] = await db
    .insert(propertiesTable)
    .values({ ...values, ...owner })
    .returning();
  return row!;
}

/** Many properties of one owner, in one INSERT, in the order given. */
export function insertProperties(
  db: Database,
  owner: NewPropertyOwner,
  values: readonly PropertyValues[],
): Promise<PropertyRow[]> {
  return insertRows(
    db,
    propertiesTable,
    values.map((value) => ({ ...value, ...owner })),
  );
}

type PropertyKey = Pick<PropertyRow, 'id' | 'organisationId'>;

/** A property's own row, found by its organisation first (decision 0030). */
function thisProperty({ id, organisationId }: PropertyKey) {
  return and(eq(propertiesTable.organisationId, organisationId), eq(propertiesTable.id, id));
}

export async function updateProperty(
  db: Database,
  property: PropertyKey,
  values: PropertyValues,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .update(propertiesTable)
    .set(values)
    .where(thisProperty(property))
    .returning();
  return row;
}

export async function countUnitsOfProperty(db: Database, property: PropertyKey): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(unitsTable)
    .where(
      and(
        eq(unitsTable.organisationId, property.organisationId),
        eq(unitsTable.propertyId, property.id),
      ),
    );
  return row?.total ?? 0;
}

export async function deleteProperty(db: Database, property: PropertyKey): Promise<boolean> {
  const rows = await db
    .delete(propertiesTable)
    .where(thisProperty(property))
    .returning({ id: propertiesTable.id });
  return rows.length > 0;
}

export async function findOwnerCandidate(
  db: Database,
  userId: number,
): Promise<
  { id: number; roles: string[]; userName: string; displayName: string | null } | undefined
> {
  const [row] = await db
    .select({
      id: usersTable.id,
      roles: usersTable.roles,
      userName: usersTable.userName,
      displayName: usersTable.displayName,
    })
    .from(usersTable)
    .where(eq(usersTable.id, userId))
    .limit(1);
  return row;
}
