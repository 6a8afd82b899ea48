import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Application } from '../../../shared/schemas/applications';
import type { LeaseListItem } from '../../../shared/schemas/leases';
import type { Tenant } from '../../../shared/schemas/tenants';
import type { Unit } from '../../../shared/schemas/units';
import type { Database } from '../../db/client';
import { totalColumn } from '../../http/paging';
import { toApplication, applicationsTable } from '../applications';
import { toLease, leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { toTenant, tenantsTable } from '../tenants';
import { toUnit, unitsTable } from '../units';
import { unitNumberOrder } from '../../db/unit-order';

export interface Section<T> {
  rows: T[];
  total: number;
}

/** The first `limit` rows of a query that selects `total: totalColumn()`, with that total. */
async function firstRows<Row extends { total: number }>(
  rows: Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const found = await rows;
  return { rows: found, total: found[0]?.total ?? 0 };
}

/** A property's units in unit-number order. */
export async function unitsOfProperty(
  db: Database,
  propertyId: number,
  limit: number,
): Promise<Section<Unit>> {
  const { rows, total } = await firstRows(
    db
      .select({ unit: unitsTable, total: totalColumn() })
      .from(unitsTable)
      .where(eq(unitsTable.propertyId, propertyId))
      .orderBy(asc(unitNumberOrder(unitsTable.unitNumber)), asc(unitsTable.id))
      .limit(limit),
  );
  return { rows: rows.map((row) => toUnit(row.unit)), total };
}

/** Everyone living at the property now (not moved out), by name. */
export async function currentTenantsOfProperty(
  db: Database,
  propertyId: number,
): Promise<Tenant[]> {
  const rows = await db
    .select({ tenant: tenantsTable, unitNumber: unitsTable.unitNumber })
    .from(tenantsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId))
    .where(and(eq(unitsTable.propertyId, propertyId), isNull(tenantsTable.movedOutOn)))
    .orderBy(asc(tenantsTable.lastName), asc(tenantsTable.firstName), asc(tenantsTable.id));
  // The unit's number as it is now, as the tenants list shows it.
  return rows.map(({ tenant, unitNumber }) => ({ ...toTenant(tenant), unitNumber }));
}

/**
 * Every tenant the unit has had (placed there, or holding a lease on it): those living there
 * first, then the latest to leave.
 */
export async function tenantsOfUnit(
  db: Database,
  unitId: number,
  limit: number,
): Promise<Section<Tenant>> {
  const { rows, total } = await firstRows(
    db
      .select({ tenant: tenantsTable, unitNumber: unitsTable.unitNumber, total: totalColumn() })
      .from(tenantsTable)
      .innerJoin(unitsTable, eq(unitsTable.id, unitId))
      .where(
        or(
          eq(tenantsTable.unitId, unitId),
          inArray(
            tenantsTable.id,
            db
              .select({ id: leasesTable.tenantId })
              .from(leasesTable)
              .where(eq(leasesTable.unitId, unitId)),
          ),
        ),
      )
      .orderBy(
        sql`${tenantsTable.movedOutOn} desc nulls first`,
        desc(tenantsTable.createdAt),
        desc(tenantsTable.id),
      )
      .limit(limit),
  );
  return {
    rows: rows.map(({ tenant, unitNumber }) => ({ ...toTenant(tenant), unitNumber })),
    total,
  };
}

/** Every lease of the unit, newest start first. */
export async function leasesOfUnit(
  db: Database,
  unitId: number,
  options: { limit: number; today: string },
): Promise<Section<LeaseListItem>> {
  const { rows, total } = await firstRows(
    db
      .select({
        lease: leasesTable,
        unitId: unitsTable.id,
        property: { id: propertiesTable.id, name: propertiesTable.name },
        total: totalColumn(),
      })
      .from(leasesTable)
      .innerJoin(unitsTable, eq(unitsTable.id, leasesTable.unitId))
      .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
      .where(eq(leasesTable.unitId, unitId))
      .orderBy(desc(leasesTable.startDate), desc(leasesTable.id))
      .limit(options.limit),
  );
  return {
    rows: rows.map(({ lease, unitId: leaseUnitId, property }) => ({
      ...toLease(lease, options.today),
      unitId: leaseUnitId,
      propertyId: property.id,
      propertyName: property.name,
    })),
    total,
  };
}

/** Every rental application for the unit, newest first. */
export async function applicationsOfUnit(
  db: Database,
  unitId: number,
  limit: number,
): Promise<Section<Application>> {
  const { rows, total } = await firstRows(
    db
      .select({
        application: applicationsTable,
        property: { id: propertiesTable.id, name: propertiesTable.name },
        total: totalColumn(),
      })
      .from(applicationsTable)
      .innerJoin(unitsTable, eq(unitsTable.id, applicationsTable.unitId))
      .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
      .where(eq(applicationsTable.unitId, unitId))
      .orderBy(desc(applicationsTable.createdAt), desc(applicationsTable.id))
      .limit(limit),
  );
  return { rows: rows.map((row) => toApplication(row.application, row.property)), total };
}
