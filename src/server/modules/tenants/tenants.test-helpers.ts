import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { applicationsTable } from '../applications';
import { leasesTable } from '../leases';
import { unitsTable } from '../units';
import { tenantsTable } from './tenants.table';

export async function unitStatus(t: TestApp, unitId: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ status: unitsTable.status })
    .from(unitsTable)
    .where(eq(unitsTable.id, unitId));
  return row?.status;
}

/** Everything tenancy writes, to prove that a refused request changed nothing. */
export async function tenancySnapshot(t: TestApp) {
  const db = t.database.db;
  return {
    units: await db
      .select({ id: unitsTable.id, status: unitsTable.status })
      .from(unitsTable)
      .orderBy(unitsTable.id),
    tenants: await db.select().from(tenantsTable).orderBy(tenantsTable.id),
    leases: await db.select().from(leasesTable).orderBy(leasesTable.id),
    applications: await db.select().from(applicationsTable).orderBy(applicationsTable.id),
  };
}
