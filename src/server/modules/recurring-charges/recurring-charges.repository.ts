import { and, asc, count, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { fromCents, toCents } from '../../../shared/money';
import type {
  RecurringCharge,
  RecurringChargeBody,
  RecurringChargeKind,
} from '../../../shared/schemas/recurring-charges';
import type { Database } from '../../db/client';
import { ledgerEntriesTable } from '../ledger';
import { leaseRecurringChargesTable, type RecurringChargeRow } from './recurring-charges.table';

const t = leaseRecurringChargesTable;

/** A lease or a charge, named by its organisation as well as its id (decision 0030). */
type RecordKey = { id: number; organisationId: number };

/** The lease's charges, by its organisation first. */
const chargesOf = (lease: RecordKey) =>
  and(eq(t.organisationId, lease.organisationId), eq(t.leaseId, lease.id));

/** The charge's own row, by its organisation first. */
const thisCharge = (charge: RecordKey) =>
  and(eq(t.organisationId, charge.organisationId), eq(t.id, charge.id));

export function toRecurringCharge(row: RecurringChargeRow, postedCount: number): RecurringCharge {
  return {
    id: row.id,
    leaseId: row.leaseId,
    kind: row.kind as RecurringChargeKind,
    description: row.description,
    amount: fromCents(row.amount),
    startDate: row.startDate,
    endDate: row.endDate,
    postedCount,
  };
}

const valuesOf = (body: RecurringChargeBody) => ({
  kind: body.kind,
  description: body.description,
  amount: toCents(body.amount),
  startDate: body.startDate,
  endDate: body.endDate ?? null,
});

/** The lease's charges, oldest first, with the periods each has posted. */
export async function listCharges(db: Database, lease: RecordKey): Promise<RecurringCharge[]> {
  const rows = await db.select().from(t).where(chargesOf(lease)).orderBy(asc(t.id));
  const posted = await countPosted(
    db,
    lease.organisationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRecurringCharge(row, posted.get(row.id) ?? 0));
}

/** The lease's charges not ended before `today` (running or still to start): a tenant's view. */
export async function listCurrentCharges(
  db: Database,
  lease: RecordKey,
  today: string,
): Promise<RecurringChargeRow[]> {
  return db
    .select()
    .from(t)
    .where(and(chargesOf(lease), or(isNull(t.endDate), gte(t.endDate, today))))
    .orderBy(asc(t.startDate), asc(t.id));
}

/** The charges of many leases, by lease: what the rent job posts from. */
export async function listChargesOfLeases(
  db: Database,
  leaseIds: number[],
): Promise<Map<number, RecurringChargeRow[]>> {
  const byLease = new Map<number, RecurringChargeRow[]>();
  if (leaseIds.length === 0) return byLease;
  const rows = await db.select().from(t).where(inArray(t.leaseId, leaseIds)).orderBy(asc(t.id));
  for (const row of rows) {
    const list = byLease.get(row.leaseId);
    if (list) list.push(row);
    else byLease.set(row.leaseId, [row]);
  }
  return byLease;
}

/** How many periods each charge (of one organisation's lease) has posted (reversed ones too). */
export async function countPosted(
  db: Database,
  organisationId: number,
  chargeIds: number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (chargeIds.length === 0) return counts;
  const rows = await db
    .select({ id: ledgerEntriesTable.recurringChargeId, n: count() })
    .from(ledgerEntriesTable)
    .where(
      and(
        eq(ledgerEntriesTable.organisationId, organisationId),
        inArray(ledgerEntriesTable.recurringChargeId, chargeIds),
      ),
    )
    .groupBy(ledgerEntriesTable.recurringChargeId);
  for (const row of rows) counts.set(row.id!, Number(row.n));
  return counts;
}

/** The periods already posted for each of `chargeIds` ('chargeId:YYYY-MM'). */
export async function listPostedKeys(db: Database, leaseIds: number[]): Promise<Set<string>> {
  const keys = new Set<string>();
  if (leaseIds.length === 0) return keys;
  const rows = await db
    .select({ id: ledgerEntriesTable.recurringChargeId, period: ledgerEntriesTable.period })
    .from(ledgerEntriesTable)
    .where(
      and(
        inArray(ledgerEntriesTable.leaseId, leaseIds),
        isNotNull(ledgerEntriesTable.recurringChargeId),
      ),
    );
  for (const row of rows) keys.add(`${row.id}:${row.period}`);
  return keys;
}

export async function findCharge(
  db: Database,
  lease: RecordKey,
  chargeId: number,
): Promise<RecurringChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(chargesOf(lease), eq(t.id, chargeId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertCharge(
  db: Database,
  leaseId: number,
  body: RecurringChargeBody,
): Promise<RecurringChargeRow> {
  const [row] = await db
    .insert(t)
    .values({ leaseId, ...valuesOf(body) })
    .returning();
  return row!;
}

export async function updateCharge(
  db: Database,
  charge: RecordKey,
  body: RecurringChargeBody,
): Promise<RecurringChargeRow> {
  const [row] = await db.update(t).set(valuesOf(body)).where(thisCharge(charge)).returning();
  return row!;
}

export async function deleteCharge(db: Database, charge: RecordKey): Promise<void> {
  await db.delete(t).where(thisCharge(charge));
}
