import { and, asc, eq, gte, lt, lte, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { centsOf } from '../../db/columns';
import { ledgerEntriesTable, type LedgerEntryRow } from '../ledger';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/** The lease's tenant, its own unit and property (the lease is already known to be the caller's). */
export async function findTenancyOfLease(
  db: Database,
  lease: { tenantId: number; unitId: number },
) {
  const [row] = await db
    .select({ tenant: tenantsTable, unit: unitsTable, property: propertiesTable })
    .from(tenantsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, lease.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(eq(tenantsTable.id, lease.tenantId))
    .limit(1);
  return row;
}

/** The sum of the deltas of every entry dated before `date`, exactly (numeric in SQL). */
export async function balanceBefore(db: Database, leaseId: number, date: string) {
  const [row] = await db
    .select({ balance: centsOf(sum(ledgerEntriesTable.delta)) })
    .from(ledgerEntriesTable)
    .where(and(eq(ledgerEntriesTable.leaseId, leaseId), lt(ledgerEntriesTable.entryDate, date)));
  return row!.balance;
}

/** Entries dated from `from` to `to`, by date then posting order. */
export function entriesBetween(
  db: Database,
  leaseId: number,
  range: { from: string; to: string },
): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(
      and(
        eq(ledgerEntriesTable.leaseId, leaseId),
        gte(ledgerEntriesTable.entryDate, range.from),
        lte(ledgerEntriesTable.entryDate, range.to),
      ),
    )
    .orderBy(asc(ledgerEntriesTable.entryDate), asc(ledgerEntriesTable.id));
}
