import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, formatDate, type CalendarDate } from '../../../shared/dates';
import { lateFeeDay, lateFeeFor, type LateFeeRule } from '../../../shared/late-fees';
import { deltaOf } from '../../../shared/ledger';
import { cents, toCents } from '../../../shared/money';
import { periodsDueBy, type RentPeriod } from '../../../shared/rent-periods';
import type { Database } from '../../db/client';
import { withPropertyOfLease } from '../../modules/tenancy';
import { depositTransactionsTable } from '../../modules/deposits';
import { leasesTable, type LeaseRow } from '../../modules/leases';
import type { NewLedgerEntry } from '../../modules/ledger';
import { ledgerEntriesTable } from '../../modules/ledger';
import { propertiesTable } from '../../modules/properties';

/** How many recent rent periods of each demo lease have a history. */
const HISTORY_PERIODS = 4;
const METHODS = ['bank_transfer', 'check', 'card', 'cash'] as const;
const ARREARS_RULE: LateFeeRule = {
  kind: 'flat',
  amount: toCents(50),
  percent: null,
  graceDays: 5,
  cap: null,
  since: null,
};

function rentCharge(lease: LeaseRow, period: RentPeriod): NewLedgerEntry {
  return {
    leaseId: lease.id,
    kind: 'charge',
    category: 'rent',
    amount: period.amount,
    delta: deltaOf('charge', period.amount),
    entryDate: period.dueDate,
    period: period.period,
    description: period.prorated
      ? `Rent ${period.dueDate} to ${period.lastDay} (prorated)`
      : `Rent ${period.dueDate} to ${period.lastDay}`,
  };
}

/** On time: paid on the due date or a few days after, never after today. */
function payment(lease: LeaseRow, period: RentPeriod, today: CalendarDate): NewLedgerEntry | null {
  const paidOn = addDays(period.dueDate, lease.id % 4);
  if (paidOn > today) return null;
  return {
    leaseId: lease.id,
    kind: 'payment',
    method: METHODS[lease.id % METHODS.length]!,
    amount: period.amount,
    delta: deltaOf('payment', period.amount),
    entryDate: paidOn,
    reference: `Demo ${period.period}`,
    idempotencyKey: `demo-${lease.id}-${period.period}`,
  };
}

/**
 * The ledger history of the demo landlords' current leases: the last few months' rent, paid
 * on time, a deposit received at the start of each lease, and one tenant in arrears (the last
 * two months unpaid) whose lease has a late-fee rule and the fees it has earned. Written
 * straight to the tables like the rest of the demo; each lease's rent is charged from the first
 * month written, and the rent job carries on from there.
 */
export async function seedDemoMoney(
  db: Database,
  landlordIds: number[],
  today: Date,
): Promise<void> {
  const day = today.toISOString().slice(0, 10);
  const rows = await withPropertyOfLease(
    db.select({ lease: leasesTable }).from(leasesTable).$dynamic(),
  )
    .where(and(eq(leasesTable.status, 'Active'), inArray(propertiesTable.userId, landlordIds)))
    .orderBy(asc(leasesTable.id));

  const histories = rows.map(({ lease }) => ({
    lease,
    periods: periodsDueBy(lease, day).slice(-HISTORY_PERIODS),
  }));
  const arrears = histories.find((h) => h.periods.length >= 2);
  const entries: NewLedgerEntry[] = [];
  const deposits: (typeof depositTransactionsTable.$inferInsert)[] = [];

  for (const { lease, periods } of histories) {
    if (lease.deposit > 0 && lease.startDate <= day) {
      deposits.push({
        leaseId: lease.id,
        kind: 'received',
        amount: lease.deposit,
        transactionDate: lease.startDate,
        description: 'Deposit at signing',
      });
    }
    const unpaidFrom = lease === arrears?.lease ? periods.length - 2 : periods.length;
    for (const [i, period] of periods.entries()) {
      entries.push(rentCharge(lease, period));
      const paid = i < unpaidFrom ? payment(lease, period, day) : null;
      if (paid) entries.push(paid);
    }
  }

  if (arrears) {
    const since = arrears.lease.startDate;
    await db
      .update(leasesTable)
      .set({
        lateFeeKind: 'flat',
        lateFeeAmount: ARREARS_RULE.amount,
        lateFeeGraceDays: 5,
        lateFeeSince: since,
      })
      .where(eq(leasesTable.id, arrears.lease.id));
    for (const period of arrears.periods.slice(-2)) {
      const fee = lateFeeFor({
        rule: { ...ARREARS_RULE, since },
        rentAmount: period.amount,
        rentOpen: period.amount,
        dueDate: period.dueDate,
        today: day,
      });
      if (fee <= 0) continue;
      entries.push({
        leaseId: arrears.lease.id,
        kind: 'charge',
        category: 'late_fee',
        amount: cents(fee),
        delta: deltaOf('charge', cents(fee)),
        entryDate: lateFeeDay(period.dueDate, ARREARS_RULE.graceDays),
        period: period.period,
        description: `Late fee: rent due ${formatDate(period.dueDate)} unpaid`,
      });
    }
  }

  // The demo's books begin with the months it writes: rent before them is not charged here.
  for (const { lease, periods } of histories) {
    const first = periods[0];
    if (first && first.dueDate > lease.startDate) {
      await db
        .update(leasesTable)
        .set({ rentChargedFrom: first.dueDate })
        .where(eq(leasesTable.id, lease.id));
    }
  }
  if (entries.length > 0) await db.insert(ledgerEntriesTable).values(entries);
  if (deposits.length > 0) await db.insert(depositTransactionsTable).values(deposits);
}
