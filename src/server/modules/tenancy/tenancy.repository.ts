import { and, asc, desc, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leasesTable, type LeaseRow } from '../leases';
import { leaseCurrentOrUpcoming, leaseInEffectOn, leaseIsVoid } from './tenancy.sql';

/**
 * The unit's lease in effect on `day` (tenancy.sql.ts), or none, read by the unit's
 * organisation first (decision 0030). Roommates on separate leases may share a unit: the
 * latest to start is taken.
 */
export async function findLeaseInEffect(
  db: Database,
  unit: { id: number; organisationId: number },
  day: string,
): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.organisationId, unit.organisationId),
        eq(leasesTable.unitId, unit.id),
        leaseInEffectOn(leasesTable, day),
      ),
    )
    .orderBy(desc(leasesTable.startDate), desc(leasesTable.id))
    .limit(1);
  return row;
}

/** The tenant's lease that has not ended by `day` (running or still to start), if any. */
export async function findOpenLeaseOfTenant(
  db: Database,
  tenantId: number,
  day: string,
): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(and(eq(leasesTable.tenantId, tenantId), leaseCurrentOrUpcoming(leasesTable, day)))
    .orderBy(asc(leasesTable.startDate), asc(leasesTable.id))
    .limit(1);
  return row;
}

/** Whether any of the tenant's leases is not void: whether they ever held a unit by a lease. */
export async function tenantHasLeaseNotVoid(
  db: Database,
  tenant: { id: number; organisationId: number },
): Promise<boolean> {
  const rows = await db
    .select({ id: leasesTable.id })
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.organisationId, tenant.organisationId),
        eq(leasesTable.tenantId, tenant.id),
        not(leaseIsVoid(leasesTable)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
