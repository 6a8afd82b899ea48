import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type {
  DashboardEndingLease,
  DashboardLease,
  DashboardOwner,
  DashboardProperty,
  DashboardSummary,
  DashboardUnit,
} from '../../../shared/schemas/dashboard';
import type { Database } from '../../db/client';
import { applicationsTable } from '../applications/applications.table';
import { leasesTable } from '../leases/leases.table';
import { propertiesTable } from '../properties/properties.table';
import { staffTable } from '../staff/staff.table';
import { tenantsTable } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';
import { usersTable } from '../users/users.table';

/**
 * The dashboard's figures, each computed by the database in ONE query whatever the size of
 * the portfolio (no query per property or unit). `scope` is the SQL condition on
 * propertiesTable that says which properties count (the caller's, or one of them).
 */

const asInt = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
/** numeric sums come back from the drivers as exact decimal strings; at most two decimals. */
const asMoney = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

const isRented = sql`lower(${unitsTable.status}) = 'rented'`;
const isAvailable = sql`${unitsTable.status} = 'Available'`;
/** A lease is current when it is Active and has not ended before today. */
const isCurrentLease = (today: string) =>
  and(eq(leasesTable.status, 'Active'), gte(leasesTable.endDate, today));

export async function getSummary(
  db: Database,
  scope: SQL | undefined,
  today: string,
): Promise<DashboardSummary> {
  const properties = db.select({ n: count() }).from(propertiesTable).where(scope);
  const units = db
    .select({
      total: count().as('total'),
      occupied: sql`count(*) filter (where ${isRented})`.as('occupied'),
      available: sql`count(*) filter (where ${isAvailable})`.as('available'),
    })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(scope)
    .as('unit_figures');
  const leases = db
    .select({ n: count().as('n'), rent: sql`sum(${leasesTable.rent})`.as('rent') })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(scope, isCurrentLease(today)))
    .as('lease_figures');
  const pending = db
    .select({ n: count() })
    .from(applicationsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, applicationsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(scope, eq(applicationsTable.status, 'Pending')));

  const [row] = await db
    .select({
      totalProperties: asInt(sql`(${properties})`),
      totalUnits: asInt(sql`${units.total}`),
      occupiedUnits: asInt(sql`${units.occupied}`),
      availableUnits: asInt(sql`${units.available}`),
      activeLeases: asInt(sql`${leases.n}`),
      totalMonthlyRent: asMoney(sql`${leases.rent}`),
      pendingApplications: asInt(sql`(${pending})`),
    })
    .from(units)
    .crossJoin(leases);
  return row!;
}

/** One card per property: its figures come from two grouped subqueries joined once. */
export async function listPropertyCards(
  db: Database,
  scope: SQL | undefined,
  today: string,
): Promise<DashboardProperty[]> {
  const unitStats = db
    .select({
      propertyId: unitsTable.propertyId,
      unitCount: count().as('unit_count'),
      occupiedCount: sql<number>`count(*) filter (where ${isRented})`.as('occupied_count'),
      availableCount: sql<number>`count(*) filter (where ${isAvailable})`.as('available_count'),
    })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(scope)
    .groupBy(unitsTable.propertyId)
    .as('unit_stats');
  const leaseStats = db
    .select({
      propertyId: unitsTable.propertyId,
      leaseCount: count().as('lease_count'),
      rent: sql<string>`sum(${leasesTable.rent})`.as('lease_rent'),
    })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(scope, isCurrentLease(today)))
    .groupBy(unitsTable.propertyId)
    .as('lease_stats');

  return db
    .select({
      id: propertiesTable.id,
      userId: propertiesTable.userId,
      name: propertiesTable.name,
      description: propertiesTable.description,
      address: propertiesTable.address,
      city: propertiesTable.city,
      state: propertiesTable.state,
      zipCode: propertiesTable.zipCode,
      imageUrl: propertiesTable.imageUrl,
      unitCount: asInt(sql`coalesce(${unitStats.unitCount}, 0)`),
      occupiedCount: asInt(sql`coalesce(${unitStats.occupiedCount}, 0)`),
      availableCount: asInt(sql`coalesce(${unitStats.availableCount}, 0)`),
      activeLeaseCount: asInt(sql`coalesce(${leaseStats.leaseCount}, 0)`),
      monthlyRent: asMoney(sql`${leaseStats.rent}`),
    })
    .from(propertiesTable)
    .leftJoin(unitStats, eq(unitStats.propertyId, propertiesTable.id))
    .leftJoin(leaseStats, eq(leaseStats.propertyId, propertiesTable.id))
    .where(scope)
    .orderBy(asc(propertiesTable.name), asc(propertiesTable.id));
}

export async function listUnits(db: Database, scope: SQL | undefined): Promise<DashboardUnit[]> {
  return db
    .select({
      id: unitsTable.id,
      unitNumber: unitsTable.unitNumber,
      propertyId: unitsTable.propertyId,
      description: unitsTable.description,
      imageUrl: unitsTable.imageUrl,
      bedrooms: unitsTable.bedrooms,
      bathrooms: unitsTable.bathrooms,
      squareFeet: unitsTable.squareFeet,
      rent: unitsTable.rent,
      status: unitsTable.status,
    })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(scope)
    .orderBy(asc(unitsTable.propertyId), asc(unitsTable.unitNumber), asc(unitsTable.id));
}

const leaseColumns = {
  id: leasesTable.id,
  tenantId: leasesTable.tenantId,
  unitId: tenantsTable.unitId,
  propertyId: unitsTable.propertyId,
  unitNumber: unitsTable.unitNumber,
  status: leasesTable.status,
  startDate: leasesTable.startDate,
  endDate: leasesTable.endDate,
  rent: leasesTable.rent,
  deposit: leasesTable.deposit,
  tenantFirstName: tenantsTable.firstName,
  tenantLastName: tenantsTable.lastName,
  tenantEmail: tenantsTable.email,
  tenantPhone: tenantsTable.phoneNumber,
};

function currentLeases(db: Database, scope: SQL | undefined, today: string) {
  return db
    .select({ ...leaseColumns, propertyName: propertiesTable.name })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(scope, isCurrentLease(today)))
    .$dynamic();
}

/** The current leases with their tenant's contact, newest start first within a unit. */
export async function listCurrentLeases(
  db: Database,
  scope: SQL | undefined,
  today: string,
): Promise<DashboardLease[]> {
  const rows = await currentLeases(db, scope, today).orderBy(
    asc(unitsTable.propertyId),
    asc(tenantsTable.unitId),
    sql`${leasesTable.startDate} desc`,
    asc(leasesTable.id),
  );
  return rows.map(({ propertyName: _propertyName, ...lease }) => lease);
}

export async function listLeasesEndingSoon(
  db: Database,
  scope: SQL | undefined,
  today: string,
  until: string,
  limit: number,
): Promise<{ total: number; leases: DashboardEndingLease[] }> {
  // The total comes from a window count over the same rows: still one query.
  const rows = await db
    .select({
      ...leaseColumns,
      propertyName: propertiesTable.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(scope, isCurrentLease(today), lte(leasesTable.endDate, until)))
    .orderBy(asc(leasesTable.endDate), asc(leasesTable.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    leases: rows.map(({ total: _total, ...lease }) => lease),
  };
}

/**
 * The owner contact of each property: its staff member whose position is 'Owner' (the
 * first one), else the landlord account with its user name as first name.
 */
export async function listOwners(db: Database, scope: SQL | undefined): Promise<DashboardOwner[]> {
  const ownerStaff = db
    .selectDistinctOn([staffTable.propertyId], {
      propertyId: staffTable.propertyId,
      firstName: staffTable.firstName,
      lastName: staffTable.lastName,
      email: staffTable.email,
      phone: staffTable.phone,
    })
    .from(staffTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
    .where(and(scope, sql`lower(trim(${staffTable.position})) = 'owner'`))
    .orderBy(asc(staffTable.propertyId), asc(staffTable.id))
    .as('owner_staff');

  const rows = await db
    .select({
      propertyId: propertiesTable.id,
      staffFirstName: ownerStaff.firstName,
      staffLastName: ownerStaff.lastName,
      staffEmail: ownerStaff.email,
      staffPhone: ownerStaff.phone,
      userName: usersTable.userName,
      userEmail: usersTable.email,
      userPhone: usersTable.phone,
    })
    .from(propertiesTable)
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .leftJoin(ownerStaff, eq(ownerStaff.propertyId, propertiesTable.id))
    .where(scope)
    .orderBy(asc(propertiesTable.id));

  return rows.map((row) =>
    row.staffFirstName !== null
      ? {
          propertyId: row.propertyId,
          firstName: row.staffFirstName,
          lastName: row.staffLastName ?? '',
          email: row.staffEmail,
          phone: row.staffPhone,
        }
      : {
          propertyId: row.propertyId,
          firstName: row.userName,
          lastName: '',
          email: row.userEmail,
          phone: row.userPhone,
        },
  );
}
