import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leasesTable, type LeaseRow } from '../leases/leases.table';
import { tenantsTable } from '../tenants/tenants.table';
import { ledgerEntriesTable, type LedgerEntryRow } from './ledger.table';

export type NewLedgerEntry = typeof ledgerEntriesTable.$inferInsert;

/**
 * A lease's entries by effective date, then in the order they were recorded (docs/product.md,
 * Ledger): the order the ledger lists them and its running balance follows. A charge dated
 * in November and recorded before August's rent still comes after it.
 */
export function listEntries(db: Database, leaseId: number): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(eq(ledgerEntriesTable.leaseId, leaseId))
    .orderBy(asc(ledgerEntriesTable.entryDate), asc(ledgerEntriesTable.id));
}

export async function insertEntry(db: Database, entry: NewLedgerEntry): Promise<LedgerEntryRow> {
  const [row] = await db.insert(ledgerEntriesTable).values(entry).returning();
  return row!;
}

/** Inserts unless the lease already has an entry with this idempotency key (then undefined). */
export async function insertEntryOnce(
  db: Database,
  entry: NewLedgerEntry,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db.insert(ledgerEntriesTable).values(entry).onConflictDoNothing().returning();
  return row;
}

export async function findByIdempotencyKey(
  db: Database,
  leaseId: number,
  key: string,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntriesTable)
    .where(and(eq(ledgerEntriesTable.leaseId, leaseId), eq(ledgerEntriesTable.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The entry, locked, if it belongs to the lease. */
export async function lockEntry(
  db: Database,
  leaseId: number,
  entryId: number,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntriesTable)
    .where(and(eq(ledgerEntriesTable.id, entryId), eq(ledgerEntriesTable.leaseId, leaseId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findReversalOf(
  db: Database,
  entryId: number,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntriesTable)
    .where(eq(ledgerEntriesTable.reversesId, entryId))
    .limit(1);
  return row;
}

/** Per Active lease, its terms and the last rent period posted (null: none yet). */
export async function listLeasesForRent(
  db: Database,
): Promise<{ lease: LeaseRow; lastPeriod: string | null }[]> {
  const posted = db
    .select({
      leaseId: ledgerEntriesTable.leaseId,
      lastPeriod: max(ledgerEntriesTable.period).as('last_period'),
    })
    .from(ledgerEntriesTable)
    .where(eq(ledgerEntriesTable.category, 'rent'))
    .groupBy(ledgerEntriesTable.leaseId)
    .as('posted');
  const rows = await db
    .select({ lease: leasesTable, lastPeriod: posted.lastPeriod })
    .from(leasesTable)
    .leftJoin(posted, eq(posted.leaseId, leasesTable.id))
    .where(eq(leasesTable.status, 'Active'))
    .orderBy(asc(leasesTable.id));
  return rows.map((row) => ({ lease: row.lease, lastPeriod: row.lastPeriod ?? null }));
}

export async function insertRentCharges(
  db: Database,
  entries: NewLedgerEntry[],
): Promise<LedgerEntryRow[]> {
  if (entries.length === 0) return [];
  return db.insert(ledgerEntriesTable).values(entries).onConflictDoNothing().returning();
}

/** Active leases that have a late-fee rule, with the tenant's linked account (if any). */
export async function listLeasesWithLateFeeRule(
  db: Database,
): Promise<{ lease: LeaseRow; tenantUserId: number | null }[]> {
  return db
    .select({ lease: leasesTable, tenantUserId: tenantsTable.userId })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .where(and(eq(leasesTable.status, 'Active'), isNotNull(leasesTable.lateFeeKind)))
    .orderBy(asc(leasesTable.id));
}

/** The entries of many leases, in posting order. */
export function listEntriesOfLeases(db: Database, leaseIds: number[]): Promise<LedgerEntryRow[]> {
  if (leaseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(inArray(ledgerEntriesTable.leaseId, leaseIds))
    .orderBy(asc(ledgerEntriesTable.id));
}
