import { and, eq, gte, inArray, isNull, lte, not, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { leaseCurrentOrUpcoming, leaseIsVoid } from '../tenancy';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/** Who a lease concerns: its tenant's linked account (if any) and the property's office. */
export interface LeaseParties {
  /** The lease's organisation: the office told is its. */
  organisationId: number;
  leaseId: number;
  endDate: string;
  tenantUserId: number | null;
  tenantName: string;
  propertyId: number;
  unitNumber: string;
  propertyName: string;
}

const partiesColumns = {
  organisationId: leasesTable.organisationId,
  leaseId: leasesTable.id,
  endDate: leasesTable.endDate,
  tenantUserId: tenantsTable.userId,
  tenantName: sql<string>`${tenantsTable.firstName} || ' ' || ${tenantsTable.lastName}`,
  propertyId: propertiesTable.id,
  unitNumber: unitsTable.unitNumber,
  propertyName: propertiesTable.name,
};

function partiesQuery(db: Database) {
  return db
    .select(partiesColumns)
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .innerJoin(unitsTable, eq(unitsTable.id, leasesTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .$dynamic();
}

/**
 * The parties of one lease. `organisationId` is the organisation the request acts in, which
 * every table is read by first (decision 0030); left out (a job, an Admin), every one's.
 */
export async function findLeaseParties(
  db: Database,
  leaseId: number,
  organisationId?: number,
): Promise<LeaseParties | undefined> {
  const [row] = await partiesQuery(db).where(
    and(
      ...(organisationId === undefined
        ? []
        : [leasesTable, tenantsTable, unitsTable, propertiesTable].map((table) =>
            eq(table.organisationId, organisationId),
          )),
      eq(leasesTable.id, leaseId),
    ),
  );
  return row;
}

const renewal = alias(leasesTable, 'renewal');

/**
 * Leases that run to their end day (no move-out) and end between `from` (today) and `to`,
 * inclusive, that nobody has renewed.
 */
export function listLeasesEndingBetween(
  db: Database,
  from: string,
  to: string,
): Promise<LeaseParties[]> {
  return partiesQuery(db).where(
    and(
      leaseCurrentOrUpcoming(leasesTable, from),
      isNull(leasesTable.endedOn),
      gte(leasesTable.endDate, from),
      lte(leasesTable.endDate, to),
      notExists(
        db
          .select({ id: renewal.id })
          .from(renewal)
          .where(eq(renewal.renewedFromId, leasesTable.id)),
      ),
    ),
  );
}

/** The leases among `ids` that are not void (a void lease was never anyone's to pay). */
export function listLinkedLeases(db: Database, ids: number[]): Promise<LeaseParties[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return partiesQuery(db).where(and(inArray(leasesTable.id, ids), not(leaseIsVoid(leasesTable))));
}
