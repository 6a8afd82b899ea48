import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, calendarDate, type CalendarDate } from '../../../shared/dates';
import { deltaOf } from '../../../shared/ledger';
import { toCents } from '../../../shared/money';
import { runAsSystem } from '../../context';
import type { Database } from '../../db/client';
import { withPropertyOfLease } from '../../modules/tenancy';
import { depositTransactionsTable } from '../../modules/deposits';
import { leasesTable } from '../../modules/leases';
import {
  assessLateFees,
  chargedPeriods,
  findRentRulesOfUser,
  ledgerEntriesTable,
  listEntriesOfLeases,
  postRentDue,
  type LedgerEntryRow,
  type NewLedgerEntry,
} from '../../modules/ledger';
import { propertiesTable } from '../../modules/properties';

/** How many recent rent periods of each demo lease have a history. */
const HISTORY_PERIODS = 4;
const METHODS = ['bank_transfer', 'check', 'card', 'cash'] as const;
/** The system actor the audit trail names for what the demo posts. */
const SEED_ACTOR = 'seed-demo';

/** On time: paid on the due date or a few days after, never after today. */
function payment(charge: LedgerEntryRow, today: CalendarDate): NewLedgerEntry | null {
  const paidOn = addDays(charge.entryDate, charge.leaseId % 4);
  if (paidOn > today) return null;
  return {
    leaseId: charge.leaseId,
    kind: 'payment',
    method: METHODS[charge.leaseId % METHODS.length]!,
    amount: charge.amount,
    delta: deltaOf('payment', charge.amount),
    entryDate: paidOn,
    reference: `Demo ${charge.period}`,
    idempotencyKey: `demo-${charge.leaseId}-${charge.period}`,
  };
}

/**
 * The ledger history of the demo landlords' current leases: the last few months' rent, paid
 * on time, a deposit received at the start of each lease, and one tenant in arrears (the last
 * two months unpaid) whose lease has a late-fee rule and the fees it has earned. The demo only
 * chooses where each lease's books begin, who pays and who has a late-fee rule; the rent and
 * the late fees are posted by the product itself, as the rent job posts them for a landlord,
 * so the demo follows the product's rules and the job carries on from there.
 */
export async function seedDemoMoney(
  db: Database,
  landlordIds: number[],
  now: Date,
  timeZone: string,
): Promise<void> {
  const today = calendarDate(now, timeZone);
  const rows = await withPropertyOfLease(
    db
      .select({ lease: leasesTable, landlordId: propertiesTable.userId })
      .from(leasesTable)
      .$dynamic(),
  )
    .where(and(eq(leasesTable.status, 'Active'), inArray(propertiesTable.userId, landlordIds)))
    .orderBy(asc(leasesTable.id));

  const histories = [];
  for (const { lease, landlordId } of rows) {
    const rules = await findRentRulesOfUser(db, landlordId);
    const dueDates = chargedPeriods(lease, rules)
      .filter((period) => period.dueDate <= today)
      .slice(-HISTORY_PERIODS)
      .map((period) => period.dueDate);
    histories.push({ lease, dueDates });
  }
  const arrears = histories.find((h) => h.dueDates.length >= 2)?.lease;

  // The demo's books begin with the months it shows: rent before them is not charged here.
  for (const { lease, dueDates } of histories) {
    const first = dueDates[0];
    if (first && first > lease.startDate) {
      await db
        .update(leasesTable)
        .set({ rentChargedFrom: first })
        .where(eq(leasesTable.id, lease.id));
    }
  }
  if (arrears) {
    await db
      .update(leasesTable)
      .set({
        lateFeeKind: 'flat',
        lateFeeAmount: toCents(50),
        lateFeeGraceDays: 5,
        lateFeeSince: arrears.startDate,
      })
      .where(eq(leasesTable.id, arrears.id));
  }

  const asSeed = { name: SEED_ACTOR, now, timeZone };
  const organisations = await db
    .selectDistinct({ organisationId: propertiesTable.organisationId })
    .from(propertiesTable)
    .where(inArray(propertiesTable.userId, landlordIds));
  for (const { organisationId } of organisations) {
    await runAsSystem(db, asSeed, postRentDue, { organisationId });
  }

  const rent = (
    await listEntriesOfLeases(
      db,
      histories.map(({ lease }) => lease.id),
    )
  ).filter((entry) => entry.category === 'rent');
  const unpaid = new Set(
    rent
      .filter((charge) => charge.leaseId === arrears?.id)
      .sort((a, b) => a.entryDate.localeCompare(b.entryDate))
      .slice(-2)
      .map((charge) => charge.id),
  );
  const payments = rent.flatMap((charge) => {
    const paid = unpaid.has(charge.id) ? null : payment(charge, today);
    return paid ? [paid] : [];
  });
  const deposits = histories
    .filter(({ lease }) => lease.deposit > 0 && lease.startDate <= today)
    .map(({ lease }) => ({
      leaseId: lease.id,
      kind: 'received' as const,
      amount: lease.deposit,
      transactionDate: lease.startDate,
      description: 'Deposit at signing',
    }));
  if (payments.length > 0) await db.insert(ledgerEntriesTable).values(payments);
  if (deposits.length > 0) await db.insert(depositTransactionsTable).values(deposits);

  // The arrears have earned their fees by now: the product charges them, after the payments.
  for (const { organisationId } of organisations) {
    await runAsSystem(db, asSeed, assessLateFees, { organisationId });
  }
}
