import { and, asc, desc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Lease, LeaseBody } from '../../../shared/schemas/leases';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { tenantsTable, type TenantRow } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';
import { leasesTable, type LeaseRow } from './leases.table';

export function toLease(row: LeaseRow): Lease {
  return {
    id: row.id,
    tenantId: row.tenantId,
    unitNumber: row.unitNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    startDate: row.startDate,
    endDate: row.endDate,
    rent: row.rent,
    deposit: row.deposit,
    status: row.status as Lease['status'],
  };
}

function managedLeases(db: Database) {
  return db
    .select({ lease: leasesTable })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId));
}

/** The leases of every tenant the user manages, newest start first. */
export async function listManagedLeases(db: Database, user: User): Promise<LeaseRow[]> {
  const rows = await managedLeases(db)
    .where(managedPropertiesFilter(user))
    .orderBy(desc(leasesTable.startDate), asc(leasesTable.id));
  return rows.map((row) => row.lease);
}

/** A lease is managed through its tenant's unit's property; another landlord's is missing. */
export async function findManagedLease(db: Database, user: User, id: number): Promise<LeaseRow | undefined> {
  const [row] = await managedLeases(db)
    .where(and(eq(leasesTable.id, id), managedPropertiesFilter(user)))
    .limit(1);
  return row?.lease;
}

/** The values stored for a lease: names and unit number are copied from the tenant. */
function leaseValues(tenant: TenantRow, body: LeaseBody) {
  return {
    tenantId: tenant.id,
    unitNumber: tenant.unitNumber,
    firstName: tenant.firstName,
    lastName: tenant.lastName,
    startDate: body.startDate,
    endDate: body.endDate,
    rent: body.rent,
    deposit: body.deposit,
    status: body.status,
  };
}

export async function insertLease(db: Database, tenant: TenantRow, body: LeaseBody): Promise<LeaseRow> {
  const [row] = await db.insert(leasesTable).values(leaseValues(tenant, body)).returning();
  return row!;
}

export async function updateLease(db: Database, id: number, tenant: TenantRow, body: LeaseBody): Promise<LeaseRow> {
  const [row] = await db.update(leasesTable).set(leaseValues(tenant, body)).where(eq(leasesTable.id, id)).returning();
  return row!;
}

export async function deleteLease(db: Database, id: number): Promise<void> {
  await db.delete(leasesTable).where(eq(leasesTable.id, id));
}

/** An Active lease of the tenant whose dates overlap [start, end], other than one lease. */
export async function findOverlappingActiveLease(
  db: Database,
  tenantId: number,
  range: { startDate: string; endDate: string },
  exceptLeaseId?: number,
): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.tenantId, tenantId),
        eq(leasesTable.status, 'Active'),
        lte(leasesTable.startDate, range.endDate),
        gte(leasesTable.endDate, range.startDate),
        exceptLeaseId ? ne(leasesTable.id, exceptLeaseId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Locks the tenant row so that two Active leases for one tenant cannot be saved at once. */
export async function lockTenant(db: Database, tenantId: number): Promise<void> {
  await db.select({ id: tenantsTable.id }).from(tenantsTable).where(eq(tenantsTable.id, tenantId)).for('update');
}
