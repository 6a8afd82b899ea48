import { and, asc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenantsTable, type TenantRow } from '../tenants';
import { leasesTable, type LeaseRow } from './leases.table';

/** Reads a lease and locks it until the transaction ends, so two renewals or move-outs cannot race. */
export async function lockLease(db: Database, id: number): Promise<LeaseRow | undefined> {
  const [row] = await db.select().from(leasesTable).where(eq(leasesTable.id, id)).for('update');
  return row;
}

export async function lockTenantRow(db: Database, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenantsTable).where(eq(tenantsTable.id, id)).for('update');
  return row;
}

/** The tenant's leases that have not been ended by a move-out, earliest first. */
export async function listOpenLeases(db: Database, tenantId: number): Promise<LeaseRow[]> {
  return db
    .select()
    .from(leasesTable)
    .where(and(eq(leasesTable.tenantId, tenantId), ne(leasesTable.status, 'Terminated')))
    .orderBy(asc(leasesTable.startDate), asc(leasesTable.id));
}

export async function findRenewal(db: Database, leaseId: number): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(eq(leasesTable.renewedFromId, leaseId))
    .limit(1);
  return row;
}

export async function setLeaseEnd(
  db: Database,
  id: number,
  end: { status: 'Terminated' | 'Expired'; endedOn: string | null; endReason: string | null },
): Promise<void> {
  await db.update(leasesTable).set(end).where(eq(leasesTable.id, id));
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
  tenantId: number,
  day: string,
): Promise<TenantRow> {
  const [row] = await db
    .update(tenantsTable)
    .set({ movedOutOn: day })
    .where(and(eq(tenantsTable.id, tenantId), isNull(tenantsTable.movedOutOn)))
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
