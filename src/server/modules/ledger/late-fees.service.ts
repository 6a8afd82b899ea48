import type { Context } from '../../context';
import { calendarDate, formatDate } from '../../../shared/dates';
import { lateFeeDay, lateFeeFor, type LateFeeRule } from '../../../shared/late-fees';
import { allocate, deltaOf } from '../../../shared/ledger';
import type { Cents } from '../../../shared/money';
import type { LeaseRow } from '../leases';
import * as repository from './ledger.repository';
import { nextAfter, type BatchOutcome, type LeaseBatch } from './ledger.repository';
import { toLedgerLine } from './ledger-entry';
import { everyBatch, recordEntryEvent } from './ledger.service';
import type { LedgerEntryRow } from './ledger.table';

export function lateFeeRuleOf(lease: LeaseRow): LateFeeRule | null {
  if (lease.lateFeeKind !== 'flat' && lease.lateFeeKind !== 'percent') return null;
  return {
    kind: lease.lateFeeKind,
    amount: lease.lateFeeAmount,
    percent: lease.lateFeePercent,
    graceDays: lease.lateFeeGraceDays ?? 0,
    cap: lease.lateFeeCap,
    since: lease.lateFeeSince,
  };
}

interface Assessment {
  leaseId: number;
  period: string;
  dueDate: string;
  lateOn: string;
  fee: Cents;
}

/** The fees one lease owes today: per standing rent charge still open past its grace days. */
export function assessLease(lease: LeaseRow, rows: LedgerEntryRow[], today: string): Assessment[] {
  const rule = lateFeeRuleOf(lease);
  if (!rule) return [];
  // A late fee once posted keeps its period's key even when waived (reversed): never again.
  const charged = new Set(
    rows.filter((row) => row.category === 'late_fee').map((row) => row.period),
  );
  const open = new Map(allocate(rows.map(toLedgerLine)).charges.map((c) => [c.id, c.open]));
  const assessments: Assessment[] = [];
  for (const row of rows) {
    if (row.category !== 'rent' || row.period === null || charged.has(row.period)) continue;
    const rentOpen = open.get(row.id);
    // Not in the allocation: the rent charge was reversed, so nothing is owed for it.
    if (rentOpen === undefined) continue;
    const fee = lateFeeFor({
      rule,
      rentAmount: row.amount,
      rentOpen,
      dueDate: row.entryDate,
      today,
    });
    if (fee <= 0) continue;
    assessments.push({
      leaseId: lease.id,
      period: row.period,
      dueDate: row.entryDate,
      lateOn: lateFeeDay(row.entryDate, rule.graceDays),
      fee,
    });
  }
  return assessments;
}

/**
 * Charges the late fees due today (the landlord's calendar) on the batch's leases that have
 * any, as the system actor. The unique key (lease, period) for late fees lets one fee per
 * period through, whichever run, retry or process gets there first; only the run that stored
 * it records the event (which tells the tenant).
 */
export async function assessLateFeesBatch(ctx: Context, batch: LeaseBatch): Promise<BatchOutcome> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const leases = await repository.listLeasesWithLateFeesDue(ctx.tx, today, batch);
  const entries = await repository.listEntriesOfLeases(
    ctx.tx,
    leases.map(({ lease }) => lease.id),
  );
  const byLease = new Map<number, LedgerEntryRow[]>();
  for (const row of entries) {
    const list = byLease.get(row.leaseId);
    if (list) list.push(row);
    else byLease.set(row.leaseId, [row]);
  }
  let posted = 0;
  for (const { lease } of leases) {
    for (const due of assessLease(lease, byLease.get(lease.id) ?? [], today)) {
      const row = await repository.insertEntryOnce(ctx.tx, {
        leaseId: due.leaseId,
        kind: 'charge',
        category: 'late_fee',
        amount: due.fee,
        delta: deltaOf('charge', due.fee),
        entryDate: due.lateOn,
        period: due.period,
        description: `Late fee: rent due ${formatDate(due.dueDate)} unpaid`,
      });
      if (!row) continue;
      posted += 1;
      await recordEntryEvent(ctx, row, 'ledger.late_fee');
    }
  }
  return {
    posted,
    lastLeaseId: nextAfter(
      batch,
      leases.map(({ lease }) => lease.id),
    ),
  };
}

/** Every batch of the scope, one after another in the context's transaction. */
export function assessLateFees(
  ctx: Context,
  scope: Omit<LeaseBatch, 'afterLeaseId' | 'limit'> = {},
): Promise<number> {
  return everyBatch(ctx, scope, assessLateFeesBatch);
}
