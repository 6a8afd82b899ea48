import { insertRows } from '../../db/batches';
import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/schemas/paging';
import type { Tenant, TenantListItem, TenantSortKey } from '../../../shared/schemas/tenants';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import type { Database } from '../../db/client';
import { withPropertyOfTenant } from '../tenancy';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { containsPattern, propertiesTable } from '../properties';
import { unitsTable, type UnitRow } from '../units';
import { tenantsTable, type TenantRow } from './tenants.table';
import { unitNumberOrder } from '../../db/unit-order';
import { phoneDigitsMatch } from '../../db/phone-search';

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    email: row.email,
    movedOutOn: row.movedOutOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface TenantFields {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
}

export async function insertTenant(
  db: Database,
  unit: UnitRow,
  fields: TenantFields,
): Promise<TenantRow> {
  const [row] = await db
    .insert(tenantsTable)
    .values({ ...fields, unitId: unit.id, unitNumber: unit.unitNumber })
    .returning();
  return row!;
}

/** Many tenants, each on its unit (number copied), in one INSERT, in the order given. */
export function insertTenants(
  db: Database,
  placements: readonly { unit: UnitRow; fields: TenantFields }[],
): Promise<TenantRow[]> {
  return insertRows(
    db,
    tenantsTable,
    placements.map(({ unit, fields }) => ({
      ...fields,
      unitId: unit.id,
      unitNumber: unit.unitNumber,
    })),
  );
}

/** Undefined when the tenant is gone (deleted by a concurrent request). */
type TenantKey = Pick<TenantRow, 'id' | 'organisationId'>;

/** A tenant's own row, found by its organisation first (decision 0030). */
function thisTenant({ id, organisationId }: TenantKey) {
  return and(eq(tenantsTable.organisationId, organisationId), eq(tenantsTable.id, id));
}

export async function updateTenant(
  db: Database,
  tenant: TenantKey,
  unit: UnitRow,
  fields: TenantFields,
): Promise<TenantRow | undefined> {
  const [row] = await db
    .update(tenantsTable)
    .set({ ...fields, unitId: unit.id, unitNumber: unit.unitNumber })
    .where(thisTenant(tenant))
    .returning();
  return row;
}

export async function deleteTenant(db: Database, tenant: TenantKey): Promise<void> {
  await db.delete(tenantsTable).where(thisTenant(tenant));
}

/** How many tenants live in a unit, leaving one tenant out of the count. */
export async function countTenantsInUnit(
  db: Database,
  unit: Pick<UnitRow, 'id' | 'organisationId'>,
  exceptTenantId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tenantsTable)
    .where(
      and(
        eq(tenantsTable.organisationId, unit.organisationId),
        eq(tenantsTable.unitId, unit.id),
        // A tenant who moved out is the unit's history, not its occupant.
        isNull(tenantsTable.movedOutOn),
        exceptTenantId ? ne(tenantsTable.id, exceptTenantId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Reads a unit and locks it until the transaction ends, so two placements cannot race. */
/** Locks a tenant's row for the rest of the transaction and reads it as it is now. */
export async function lockTenant(db: Database, id: number): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantsTable)
    .where(eq(tenantsTable.id, id))
    .for('update')
    .limit(1);
  return row;
}

export interface TenantListOptions extends PageRequest {
  /** Whose records (scopeFor in modules/authz). */
  scope: Scope;
  q?: string | undefined;
  propertyId?: number | undefined;
  unitId?: number | undefined;
  sort?: TenantSortKey | undefined;
  order: SortOrder;
}

const tenantSortColumns = {
  name: sql`lower(${tenantsTable.lastName} || ' ' || ${tenantsTable.firstName})`,
  unitNumber: unitNumberOrder(unitsTable.unitNumber),
  property: textKey(propertiesTable.name),
  email: textKey(tenantsTable.email),
  phoneNumber: tenantsTable.phoneNumber,
};

/** One page of the tenants of the units the user manages, with the unit's property; by name. */
export async function listManagedTenants(
  db: Database,
  options: TenantListOptions,
): Promise<{ tenants: TenantListItem[]; total: number }> {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const query = withPropertyOfTenant(
    db
      .select({
        tenant: tenantsTable,
        unitNumber: unitsTable.unitNumber,
        property: { id: propertiesTable.id, name: propertiesTable.name },
        total: totalColumn(),
      })
      .from(tenantsTable)
      .$dynamic(),
  )
    .where(
      and(
        inOrganisation(tenantsTable.organisationId, options.scope),
        propertiesInScope(options.scope),
        options.propertyId ? eq(unitsTable.propertyId, options.propertyId) : undefined,
        options.unitId ? eq(tenantsTable.unitId, options.unitId) : undefined,
        pattern
          ? or(
              ilike(tenantsTable.firstName, pattern),
              ilike(tenantsTable.lastName, pattern),
              ilike(sql`${tenantsTable.firstName} || ' ' || ${tenantsTable.lastName}`, pattern),
              ilike(unitsTable.unitNumber, pattern),
              ilike(propertiesTable.name, pattern),
              ilike(tenantsTable.email, pattern),
              ilike(tenantsTable.phoneNumber, pattern),
              phoneDigitsMatch(tenantsTable.phoneNumber, options.q ?? ''),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...sortOrder(tenantSortColumns, options.sort, options.order, [
        asc(tenantsTable.lastName),
        asc(tenantsTable.firstName),
        asc(tenantsTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    // The unit's number as it is now, not as it was when the tenant moved in.
    tenants: rows.map(({ tenant, unitNumber, property }) => ({
      ...toTenant(tenant),
      unitNumber,
      propertyId: property.id,
      propertyName: property.name,
      portalLinked: tenant.userId !== null,
    })),
    total,
  };
}
