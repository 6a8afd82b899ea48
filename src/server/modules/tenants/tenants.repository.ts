import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Tenant } from '../../../shared/schemas/tenants';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { unitsTable, type UnitRow } from '../units/units.table';
import { tenantsTable, type TenantRow } from './tenants.table';

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The tenants of every unit the user manages, by name. */
export async function listManagedTenants(db: Database, user: User): Promise<TenantRow[]> {
  const rows = await db
    .select({ tenant: tenantsTable })
    .from(tenantsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(managedPropertiesFilter(user))
    .orderBy(asc(tenantsTable.lastName), asc(tenantsTable.firstName), asc(tenantsTable.id));
  return rows.map((row) => row.tenant);
}

export interface TenantFields {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
}

export async function insertTenant(db: Database, unit: UnitRow, fields: TenantFields): Promise<TenantRow> {
  const [row] = await db
    .insert(tenantsTable)
    .values({ ...fields, unitId: unit.id, unitNumber: unit.unitNumber })
    .returning();
  return row!;
}

export async function updateTenant(db: Database, id: number, unit: UnitRow, fields: TenantFields): Promise<TenantRow> {
  const [row] = await db
    .update(tenantsTable)
    .set({ ...fields, unitId: unit.id, unitNumber: unit.unitNumber })
    .where(eq(tenantsTable.id, id))
    .returning();
  return row!;
}

export async function deleteTenant(db: Database, id: number): Promise<void> {
  await db.delete(tenantsTable).where(eq(tenantsTable.id, id));
}

/** How many tenants live in a unit, leaving one tenant out of the count. */
export async function countTenantsInUnit(db: Database, unitId: number, exceptTenantId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tenantsTable)
    .where(and(eq(tenantsTable.unitId, unitId), exceptTenantId ? ne(tenantsTable.id, exceptTenantId) : undefined));
  return Number(row?.n ?? 0);
}

/** Reads a unit and locks it until the transaction ends, so two placements cannot race. */
export async function lockUnit(db: Database, unitId: number): Promise<UnitRow | undefined> {
  const [row] = await db.select().from(unitsTable).where(eq(unitsTable.id, unitId)).for('update').limit(1);
  return row;
}

export async function setUnitStatus(db: Database, unitId: number, status: UnitRow['status']): Promise<void> {
  await db.update(unitsTable).set({ status }).where(eq(unitsTable.id, unitId));
}
