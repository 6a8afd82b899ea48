import { and, asc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenantsTable, type TenantRow } from '../tenants';
import { leasesTable, type LeaseRow } from './leases.table';

/** A lease or a tenant, named by its organisation as well as its id (decision 0030). */
type RecordKey = { id: number; organisationId: number };

const thisLease = ({ id, organisationId }: RecordKey) =>
  and(eq(leasesTable.organisationId, organisationId), eq(leasesTable.id, id));

const thisTenant = ({ id, organisationId }: RecordKey) =>
  and(eq(tenantsTable.organisationId, organisationId), eq(tenantsTable.id, id));

/** Reads a lease and locks it until the transaction ends, so two renewals or move-outs cannot race. */
export async function lockLease(db: Database, lease: RecordKey): Promise<LeaseRow | undefined> {
  const [row] = await db.select().from(leasesTable).where(thisLease(lease)).for('update');
  return row;
}

export async function lockTenantRow(
  db: Database,
  tenant: RecordKey,
): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenantsTable).where(thisTenant(tenant)).for('update');
  return row;
}

/** The tenant's leases that have not been ended by a move-out, earliest first. */
export async function listOpenLeases(db: Database, tenant: RecordKey): Promise<LeaseRow[]> {
  return db
    .select()
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.organisationId, tenant.organisationId),
        eq(leasesTable.tenantId, tenant.id),
        ne(leasesTable.status, 'Terminated'),
      ),
    )
    .orderBy(asc(leasesTable.startDate), asc(leasesTable.id));
}

export async function findRenewal(db: Database, lease: RecordKey): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.organisationId, lease.organisationId),
        eq(leasesTable.renewedFromId, lease.id),
      ),
    )
    .limit(1);
  return row;
}

export async function setLeaseEnd(
  db: Database,
  lease: RecordKey,
  end: { status: 'Terminated' | 'Expired'; endedOn: string | null; endReason: string | null },
): Promise<void> {
  await db.update(leasesTable).set(end).where(thisLease(lease));
}

export async function insertRenewal(
  db: Database,
  values: typeof leasesTable.$inferInsert,
): Promise<LeaseRow> {
  const [row] = await db.insert(leasesTable).values(values).returning();
  return row!;
}

export async function markMovedOut(
  db: Database,
  tenant: RecordKey,
  day: string,
): Promise<TenantRow> {
  const [row] = await db
    .update(tenantsTable)
    .set({ movedOutOn: day })
    .where(and(thisTenant(tenant), isNull(tenantsTable.movedOutOn)))
    .returning();
  return row!;
}

/** Active leases whose end day is before `today`: the ones the daily job expires. */
export async function expireLeasesEndedBefore(db: Database, today: string): Promise<number[]> {
  const rows = await db
    .update(leasesTable)
    .set({ status: 'Expired' })
    .where(and(eq(leasesTable.status, 'Active'), lt(leasesTable.endDate, today)))
    .returning({ id: leasesTable.id });
  return rows.map((row) => row.id);
}
