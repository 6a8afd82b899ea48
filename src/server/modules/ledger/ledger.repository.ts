import { and, asc, eq, gt, inArray, isNotNull, lte, not, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { MAX_GRACE_DAYS } from '../../../shared/late-fees';
import { insertRows } from '../../db/batches';
import type { Database } from '../../db/client';
import { leasesTable, type LeaseRow } from '../leases';
import { propertiesTable } from '../properties';
import { leaseIsVoid, leaseLastDay } from '../tenancy';
import { unitsTable } from '../units';
import { usersTable } from '../users';
import { leaseRecurringChargesTable } from '../recurring-charges';
import type { FirstPeriodRule } from '../../../shared/rent-periods';
import { ledgerEntriesTable, type LedgerEntryRow } from './ledger.table';
import { openChargesOf } from './open-charges.sql';

export type NewLedgerEntry = typeof ledgerEntriesTable.$inferInsert;

/** A lease (or a ledger entry), named by its organisation as well as its id (decision 0030). */
type RecordKey = { id: number; organisationId: number };

/** The entries of a lease: by its organisation first, then by the lease. */
const entriesOf = (lease: RecordKey) =>
  and(
    eq(ledgerEntriesTable.organisationId, lease.organisationId),
    eq(ledgerEntriesTable.leaseId, lease.id),
  );

/**
 * A lease's entries by effective date, then in the order they were recorded (docs/product.md,
 * Ledger): the order the ledger lists them and its running balance follows. A charge dated
 * in November and recorded before August's rent still comes after it.
 */
export function listEntries(db: Database, lease: RecordKey): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(entriesOf(lease))
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
  lease: RecordKey,
  entryId: number,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntriesTable)
    .where(and(entriesOf(lease), eq(ledgerEntriesTable.id, entryId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findReversalOf(
  db: Database,
  entry: RecordKey,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntriesTable)
    .where(
      and(
        eq(ledgerEntriesTable.organisationId, entry.organisationId),
        eq(ledgerEntriesTable.reversesId, entry.id),
      ),
    )
    .limit(1);
  return row;
}

/**
 * One step of a posting run (decision 0032): an organisation's leases (everyone's when left
 * out) after `afterLeaseId`, in id order, at most `limit` of them.
 */
export interface LeaseBatch {
  organisationId?: number;
  afterLeaseId?: number;
  limit: number;
}

/** What one step of a run did, and the lease to go on after (null: the last step). */
export interface BatchOutcome {
  posted: number;
  lastLeaseId: number | null;
}

/** The lease a next batch starts after: none when this one read fewer than its limit. */
export function nextAfter(batch: LeaseBatch, leaseIds: number[]): number | null {
  return leaseIds.length < batch.limit ? null : leaseIds[leaseIds.length - 1]!;
}

/** The conditions of a batch on leases joined to their properties. */
function inBatch({ organisationId, afterLeaseId }: LeaseBatch): (SQL | undefined)[] {
  return [
    organisationId === undefined ? undefined : eq(propertiesTable.organisationId, organisationId),
    afterLeaseId === undefined ? undefined : gt(leasesTable.id, afterLeaseId),
  ];
}

/** A lease the rent job visits, with what it has posted so far and its landlord's rule. */
export interface LeaseForRent {
  lease: LeaseRow;
  /** Rent periods posted, counted as below. */
  postedPeriods: number;
  /** The lease's recurring charges (how many). */
  recurringCharges: number;
  /** Recurring postings whose due date still lies in their charge's start..end. */
  postedRecurring: number;
  /** The landlord's rule for a short first period, read now (docs/decisions/0020). */
  firstPeriod: FirstPeriodRule;
}

/**
 * Every lease that has begun by `today` and is not void, whatever its stored status, with the
 * number of rent periods posted from the month its rent is charged from (a short first period
 * carries the key of the month before its start) to the month of its last chargeable day (its
 * last day or today, the earlier), and the same for its recurring charges. Rent posting
 * compares those with what is due.
 */
export async function listLeasesForRent(
  db: Database,
  today: string,
  batch: LeaseBatch,
): Promise<LeaseForRent[]> {
  const l = leasesTable;
  const through = sql`to_char(least(${leaseLastDay(l)}, ${today}::date), 'YYYY-MM')`;
  const rows = await db
    .select({
      lease: l,
      postedPeriods: sql<number>`(
        SELECT count(*) FROM ${ledgerEntriesTable} e
        WHERE e.lease_id = ${l.id} AND e.category = 'rent'
          AND e.period >= to_char(greatest(${l.startDate} - interval '1 month', ${l.rentChargedFrom}), 'YYYY-MM')
          AND e.period <= ${through}
      )`.mapWith(Number),
      recurringCharges: sql<number>`(
        SELECT count(*) FROM ${leaseRecurringChargesTable} c WHERE c.lease_id = ${l.id}
      )`.mapWith(Number),
      postedRecurring: sql<number>`(
        SELECT count(*) FROM ${ledgerEntriesTable} e
        JOIN ${leaseRecurringChargesTable} c ON c.id = e.recurring_charge_id
        -- Both sides by lease: a few rows each, never a pass over every lease's charges.
        WHERE e.lease_id = ${l.id} AND c.lease_id = ${l.id}
          AND e.entry_date >= c.start_date
          AND (c.end_date IS NULL OR e.entry_date <= c.end_date)
      )`.mapWith(Number),
      firstPeriod: sql<FirstPeriodRule>`${usersTable.firstPeriodRule}`,
    })
    .from(l)
    // The join also makes Drizzle write every column with its table: a lone table's columns
    // are written bare in a select list, and the count's `id` would be the entry's own.
    .innerJoin(unitsTable, eq(unitsTable.id, l.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .where(and(not(leaseIsVoid(l)), lte(l.startDate, today), ...inBatch(batch)))
    .orderBy(asc(l.id))
    .limit(batch.limit);
  return rows;
}

/**
 * The organisations with a lease begun by `today` that is not void: the ones the hourly
 * rent-and-fees run visits, one chain of jobs each.
 */
export async function listOrganisationsWithLeases(db: Database, today: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ organisationId: propertiesTable.organisationId })
    .from(leasesTable)
    .innerJoin(unitsTable, eq(unitsTable.id, leasesTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(not(leaseIsVoid(leasesTable)), lte(leasesTable.startDate, today)))
    .orderBy(asc(propertiesTable.organisationId));
  return rows.map((row) => row.organisationId);
}

/** The rent periods already posted on each of `leaseIds` (reversed ones too: never again). */
export async function listPostedRentPeriods(
  db: Database,
  leaseIds: number[],
): Promise<Map<number, Set<string>>> {
  const posted = new Map<number, Set<string>>();
  if (leaseIds.length === 0) return posted;
  const rows = await db
    .select({ leaseId: ledgerEntriesTable.leaseId, period: ledgerEntriesTable.period })
    .from(ledgerEntriesTable)
    .where(
      and(
        inArray(ledgerEntriesTable.leaseId, leaseIds),
        eq(ledgerEntriesTable.category, 'rent'),
        isNotNull(ledgerEntriesTable.period),
      ),
    );
  for (const { leaseId, period } of rows) {
    const set = posted.get(leaseId) ?? new Set<string>();
    set.add(period!);
    posted.set(leaseId, set);
  }
  return posted;
}

/**
 * Inserts rent and recurring charges; a (lease, period) or (charge, period) already posted is
 * skipped. The rows travel as one JSON parameter (insertRows): a step's 500 charges are one
 * short statement, not one of thousands of parameters.
 */
export async function insertRentCharges(
  db: Database,
  entries: NewLedgerEntry[],
): Promise<LedgerEntryRow[]> {
  return insertRows(db, ledgerEntriesTable, entries, { skipConflicts: true });
}

/** Later than any entry: open charges over every entry, as `allocate` reads a ledger. */
const EVERY_ENTRY = '9999-12-31';

/**
 * Leases with a late-fee rule that have something due on `today` (decision 0015): a rent charge
 * still open (oldest charge first, over every entry: openChargesOf) on or after the first late
 * day of its grace, due on or after the rule's start, with no late fee posted for its period.
 * It starts from the leases that owe (the kept balance, decision 0031), so a lease paid up is
 * never read, and only those with a rent charge late and without its fee (`late`) have their
 * entries allocated. A superset of what assessLease charges, which decides each fee from the
 * lease's entries.
 */
function leasesWithRentLate(today: string, batch: LeaseBatch): SQL {
  const organisation =
    batch.organisationId === undefined
      ? sql``
      : sql`AND owing.organisation_id = ${batch.organisationId}`;
  return sql`
    WITH late AS (
      SELECT DISTINCT rent.lease_id FROM lease_balances owing
      JOIN leases l ON l.id = owing.lease_id
      JOIN ledger_entries rent ON rent.lease_id = l.id AND rent.category = 'rent'
      WHERE owing.balance > 0 ${organisation} AND owing.lease_id > ${batch.afterLeaseId ?? 0}
        AND l.late_fee_kind IS NOT NULL
        AND rent.entry_date + coalesce(l.late_fee_grace_days, 0) + 1 <= ${today}::date
        AND (l.late_fee_since IS NULL OR rent.entry_date >= l.late_fee_since)
        AND NOT EXISTS (
          SELECT 1 FROM ledger_entries fee
          WHERE fee.lease_id = rent.lease_id AND fee.category = 'late_fee'
            AND fee.period = rent.period)),
    le AS (
      SELECT e.lease_id, e.id, e.kind, e.amount, e.entry_date, e.reverses_id
      FROM ledger_entries e WHERE e.lease_id IN (SELECT lease_id FROM late)),
    ${openChargesOf(EVERY_ENTRY)}
    SELECT op.lease_id FROM op
    JOIN ledger_entries rent ON rent.id = op.id
    JOIN leases l ON l.id = op.lease_id
    WHERE op.open > 0 AND rent.category = 'rent'
      AND rent.entry_date + coalesce(l.late_fee_grace_days, 0) + 1 <= ${today}::date
      AND (l.late_fee_since IS NULL OR rent.entry_date >= l.late_fee_since)
      AND NOT EXISTS (
        SELECT 1 FROM ledger_entries fee
        WHERE fee.lease_id = rent.lease_id AND fee.category = 'late_fee'
          AND fee.period = rent.period)`;
}

/**
 * The batch's leases with late fees due on `today` (leasesWithRentLate): begun, not void, and
 * ended (last day) no longer ago than the longest grace allows, so rent due on a lease's last
 * day is still caught after it ends.
 */
export async function listLeasesWithLateFeesDue(
  db: Database,
  today: string,
  batch: LeaseBatch,
): Promise<{ lease: LeaseRow }[]> {
  return db
    .select({ lease: leasesTable })
    .from(leasesTable)
    .innerJoin(unitsTable, eq(unitsTable.id, leasesTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(
      and(
        ...inBatch(batch),
        isNotNull(leasesTable.lateFeeKind),
        not(leaseIsVoid(leasesTable)),
        lte(leasesTable.startDate, today),
        sql`${leaseLastDay(leasesTable)} >= ${addDays(today, -(MAX_GRACE_DAYS + 1))}::date`,
        sql`${leasesTable.id} IN (${leasesWithRentLate(today, batch)})`,
      ),
    )
    .orderBy(asc(leasesTable.id))
    .limit(batch.limit);
}

/**
 * The entries of many leases, in posting order: of one organisation's leases, read by it first
 * (decision 0030), or of any (a job's batch over every organisation) when left out.
 */
export function listEntriesOfLeases(
  db: Database,
  leaseIds: number[],
  organisationId?: number,
): Promise<LedgerEntryRow[]> {
  if (leaseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerEntriesTable)
    .where(
      and(
        organisationId === undefined
          ? undefined
          : eq(ledgerEntriesTable.organisationId, organisationId),
        inArray(ledgerEntriesTable.leaseId, leaseIds),
      ),
    )
    .orderBy(asc(ledgerEntriesTable.id));
}

/**
 * The rules rent follows on a unit: its landlord's (the owner of its property). Read when a
 * preview or a save shows what posting will do, as the job reads them when it posts; the
 * unit and its property by the unit's organisation first (decision 0030).
 */
export async function findRentRulesOfUnit(
  db: Database,
  unit: RecordKey,
): Promise<{ firstPeriod: FirstPeriodRule }> {
  const [row] = await db
    .select({ firstPeriod: sql<FirstPeriodRule>`${usersTable.firstPeriodRule}` })
    .from(unitsTable)
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.organisationId, unit.organisationId),
        eq(propertiesTable.id, unitsTable.propertyId),
      ),
    )
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .where(and(eq(unitsTable.organisationId, unit.organisationId), eq(unitsTable.id, unit.id)));
  return { firstPeriod: row?.firstPeriod ?? 'prorate' };
}

/** A landlord's own rules: a lease not yet made is previewed with its author's. */
export async function findRentRulesOfUser(
  db: Database,
  userId: number,
): Promise<{ firstPeriod: FirstPeriodRule }> {
  const [row] = await db
    .select({ firstPeriod: sql<FirstPeriodRule>`${usersTable.firstPeriodRule}` })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  return { firstPeriod: row?.firstPeriod ?? 'prorate' };
}
