import { and, asc, eq, gte, lt, lte, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { centsOf } from '../../db/columns';
import { ledgerEntriesTable, type LedgerEntryRow } from '../ledger';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/** A lease, named by its organisation as well as its id (decision 0030). */
type LeaseKey = { id: number; organisationId: number };

/** The lease's entries, by its organisation first. */
const entriesOf = (lease: LeaseKey) =>
  and(
    eq(ledgerEntriesTable.organisationId, lease.organisationId),
    eq(ledgerEntriesTable.leaseId, lease.id),
  );

/**
 * The lease's tenant, its own unit and property (the lease is already known to be the
 * caller's), each read by the lease's organisation first.
 */
export async function findTenancyOfLease(
  db: Database,
  lease: { organisationId: number; tenantId: number; unitId: number },
) {
  const [row] = await db
    .select({ tenant: tenantsTable, unit: unitsTable, property: propertiesTable })
    .from(tenantsTable)
    .innerJoin(
      unitsTable,
      and(eq(unitsTable.organisationId, lease.organisationId), eq(unitsTable.id, lease.unitId)),
    )
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.organisationId, lease.organisationId),
        eq(propertiesTable.id, unitsTable.propertyId),
      ),
    )
    .where(
      and(
        eq(tenantsTable.organisationId, lease.organisationId),
        eq(tenantsTable.id, lease.tenantId),
      ),
    )
    .limit(1);
  return row;
}

/** The sum of the deltas of every entry dated before `date`, exactly (numeric in SQL). */
export async function balanceBefore(db: Database, lease: LeaseKey, date: string) {
  const [row] = await db
    .select({ balance: centsOf(sum(ledgerEntriesTable.delta)) })
    .from(ledgerEntriesTable)
    .where(and(entriesOf(lease), lt(ledgerEntriesTable.entryDate, date)));
  return row!.balance;
}

/** Entries dated from `from` to `to`, by date then posting order. */
export function entriesBetween(
  db: Database,
  lease: LeaseKey,
  range: { from: string; to: string },
): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(
      and(
        entriesOf(lease),
        gte(ledgerEntriesTable.entryDate, range.from),
        lte(ledgerEntriesTable.entryDate, range.to),
      ),
    )
    .orderBy(asc(ledgerEntriesTable.entryDate), asc(ledgerEntriesTable.id));
}
