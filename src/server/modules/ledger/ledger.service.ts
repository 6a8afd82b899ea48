import type { Context } from '../../context';
import { actingUser } from '../../context';
import {
  badRequest,
  conflict,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import { calendarDate } from '../../../shared/dates';
import {
  allocate,
  balanceOf,
  deltaOf,
  runningBalances,
  type LedgerLine,
} from '../../../shared/ledger';
import { fromCents, toCents } from '../../../shared/money';
import { periodsDueBy, type RentPeriod } from '../../../shared/rent-periods';
import type { LeaseStatus } from '../../../shared/constants';
import { isVoidLease, lastDayOf } from '../../../shared/lease-state';
import type {
  ChargeBody,
  CreditBody,
  Ledger,
  LedgerEntry,
  PaymentBody,
  ReversalBody,
} from '../../../shared/schemas/ledger';
import { recordEvent } from '../audit/audit.repository';
import { findManagedLease } from '../authz/authz';
import { notifyEntryPosted } from '../notifications/entry-posted';
import { notifyPaymentRecorded } from '../notifications/payment-recorded';
import type { LeaseRow } from '../leases/leases.table';
import * as repository from './ledger.repository';
import type { LedgerEntryRow } from './ledger.table';
import type { AuditAction } from '../../../shared/audit-sentences';

/** The lease, if the acting user manages it; another landlord's lease is a 404. */
async function requireLease(ctx: Context, leaseId: number): Promise<LeaseRow> {
  const lease = await findManagedLease(ctx.tx, ctx.actor, leaseId);
  if (!lease) throw notFound('leases.not_found', 'Lease not found');
  return lease;
}

function toEntry(
  row: LedgerEntryRow,
): Omit<LedgerEntry, 'runningBalance' | 'open' | 'reversedById'> {
  return {
    id: row.id,
    kind: row.kind as LedgerEntry['kind'],
    category: row.category as LedgerEntry['category'],
    method: row.method as LedgerEntry['method'],
    amount: fromCents(row.amount),
    delta: fromCents(row.delta),
    entryDate: row.entryDate,
    description: row.description,
    reference: row.reference,
    period: row.period,
    reversesId: row.reversesId,
    createdAt: row.createdAt.toISOString(),
  };
}

const asLine = (row: LedgerEntryRow): LedgerLine => ({
  id: row.id,
  kind: row.kind as LedgerLine['kind'],
  amount: row.amount,
  delta: row.delta,
  entryDate: row.entryDate,
  reversesId: row.reversesId,
});

/** The ledger with running balance, and what each charge still owes. */
export function ledgerOf(leaseId: number, rows: LedgerEntryRow[]): Ledger {
  const lines = rows.map(asLine);
  const running = runningBalances(lines);
  const { charges, unapplied } = allocate(lines);
  const open = new Map(charges.map((charge) => [charge.id, charge.open]));
  const reversedBy = new Map(
    rows.filter((row) => row.reversesId !== null).map((row) => [row.reversesId!, row.id]),
  );
  return {
    leaseId,
    balance: fromCents(balanceOf(lines)),
    unapplied: fromCents(unapplied),
    entries: rows.map((row, i) => ({
      ...toEntry(row),
      reversedById: reversedBy.get(row.id) ?? null,
      runningBalance: fromCents(running[i]!),
      open: row.kind === 'charge' ? fromCents(open.get(row.id) ?? toCents(0)) : null,
    })),
  };
}

export async function getLedger(ctx: Context, leaseId: number): Promise<Ledger> {
  await requireLease(ctx, leaseId);
  return ledgerOf(leaseId, await repository.listEntries(ctx.tx, leaseId));
}

/** One audit event per entry, on its lease's trail. */
export async function recordEntryEvent(
  ctx: Context,
  row: LedgerEntryRow,
  action: AuditAction,
): Promise<void> {
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: row.leaseId,
    action,
    after: toEntry(row),
  });
}

export async function postCharge(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: ChargeBody },
): Promise<Ledger> {
  await requireLease(ctx, leaseId);
  const amount = toCents(body.amount);
  const row = await repository.insertEntry(ctx.tx, {
    leaseId,
    kind: 'charge',
    category: body.category,
    amount,
    delta: deltaOf('charge', amount),
    entryDate: body.entryDate,
    description: body.description,
    createdByUserId: actingUser(ctx).id,
  });
  await recordEntryEvent(ctx, row, 'ledger.charge');
  await notifyEntryPosted(ctx, row);
  return ledgerOf(leaseId, await repository.listEntries(ctx.tx, leaseId));
}

export async function postCredit(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: CreditBody },
): Promise<Ledger> {
  await requireLease(ctx, leaseId);
  const amount = toCents(body.amount);
  const row = await repository.insertEntry(ctx.tx, {
    leaseId,
    kind: 'credit',
    amount,
    delta: deltaOf('credit', amount),
    entryDate: body.entryDate,
    description: body.description,
    createdByUserId: actingUser(ctx).id,
  });
  await recordEntryEvent(ctx, row, 'ledger.credit');
  await notifyEntryPosted(ctx, row);
  return ledgerOf(leaseId, await repository.listEntries(ctx.tx, leaseId));
}

/**
 * Records a payment once per idempotency key: a retried or double-clicked POST finds the
 * payment the first one stored (created: false) and stores nothing.
 */
export async function recordPayment(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: PaymentBody },
): Promise<{ ledger: Ledger; created: boolean }> {
  await requireLease(ctx, leaseId);
  if (body.entryDate > calendarDate(ctx.now, ctx.timeZone)) {
    throw badRequest(
      'ledger.payment_in_future',
      'Date received cannot be in the future',
      'entryDate',
    );
  }
  const amount = toCents(body.amount);
  const row = await repository.insertEntryOnce(ctx.tx, {
    leaseId,
    kind: 'payment',
    method: body.method,
    amount,
    delta: deltaOf('payment', amount),
    entryDate: body.entryDate,
    reference: body.reference,
    description: body.note,
    idempotencyKey: body.idempotencyKey,
    // A card payment is recorded by the system from the processor's webhook: no user.
    createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.user.id : null,
  });
  if (row) await recordEntryEvent(ctx, row, 'ledger.payment');
  if (row) await notifyPaymentRecorded(ctx, row);
  const ledger = ledgerOf(leaseId, await repository.listEntries(ctx.tx, leaseId));
  return { ledger, created: row !== undefined };
}

/**
 * A reversal is dated the day it is made, or the reversed entry's own date when that is later
 * (a charge or credit dated ahead): it never takes effect before the entry it undoes, so the
 * running balance and the open charges of any day agree (ledger/open-charges.sql.test.ts).
 */
export function reversalDate(entry: { entryDate: string }, today: string): string {
  return entry.entryDate > today ? entry.entryDate : today;
}

export async function reverseEntry(
  ctx: Context,
  { leaseId, entryId, body }: { leaseId: number; entryId: number; body: ReversalBody },
): Promise<Ledger> {
  await requireLease(ctx, leaseId);
  const entry = await repository.lockEntry(ctx.tx, leaseId, entryId);
  if (!entry) throw notFound('ledger.entry_not_found', 'Ledger entry not found');
  if (entry.kind === 'reversal') {
    throw conflict('ledger.reverse_reversal', 'A reversal cannot be reversed; post a new entry');
  }
  if (await repository.findReversalOf(ctx.tx, entryId)) {
    throw conflict('ledger.already_reversed', 'This entry has already been reversed');
  }
  let row: LedgerEntryRow;
  try {
    row = await ctx.tx.transaction((savepoint) =>
      repository.insertEntry(savepoint, {
        leaseId,
        kind: 'reversal',
        // No category: the rent and late-fee keys (lease, period) stay the original's.
        amount: entry.amount,
        delta: deltaOf('reversal', entry.amount, entry),
        entryDate: reversalDate(entry, calendarDate(ctx.now, ctx.timeZone)),
        description: body.reason,
        reversesId: entry.id,
        period: entry.period,
        createdByUserId: actingUser(ctx).id,
      }),
    );
  } catch (error) {
    // Two reversals at once: the unique key on reverses_id lets only one through.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict('ledger.already_reversed', 'This entry has already been reversed');
    }
    throw error;
  }
  await recordEntryEvent(ctx, row, 'ledger.reversal');
  return ledgerOf(leaseId, await repository.listEntries(ctx.tx, leaseId));
}

const RENT_BATCH = 1_000;

/** The rent charge of one period, as every posting writes it. */
export function rentChargeOf(leaseId: number, period: RentPeriod): repository.NewLedgerEntry {
  return {
    leaseId,
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

/** One landlord's leases (the owner of their properties); every landlord's when left out. */
export interface LandlordScope {
  landlordId?: number;
}

/**
 * The rent periods a lease is charged by `today`: from its start (or the day its rent is
 * charged from, for a lease brought in from earlier books) through its last day (the move-out
 * day when the tenant left early), whatever its stored status; none when it is void.
 */
export function rentPeriodsDue(lease: LeaseRow, today: string): RentPeriod[] {
  const dated = { ...lease, status: lease.status as LeaseStatus };
  if (isVoidLease(dated)) return [];
  const from = lease.rentChargedFrom ?? lease.startDate;
  return periodsDueBy({ ...lease, endDate: lastDayOf(dated) }, today).filter(
    (period) => period.dueDate >= from,
  );
}

/**
 * Posts every rent charge due by today (the landlord's calendar) that is not posted yet, for
 * every lease, following its dates, not its stored status (docs/product.md section 16): a lease
 * that ended or was moved out before a run still gets the periods it ran, and a start moved
 * earlier gets the periods it now has. The jobs runner calls it, so it runs as the system
 * actor. The unique key (lease, period) makes a second run, a second process or a retry post
 * nothing twice; a period once posted (reversed too) is never posted again.
 */
export async function postRentDue(ctx: Context, scope?: LandlordScope): Promise<number> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const candidates: { lease: LeaseRow; due: RentPeriod[] }[] = [];
  const leases = await repository.listLeasesForRent(ctx.tx, today, scope?.landlordId);
  for (const { lease, postedPeriods } of leases) {
    const due = rentPeriodsDue(lease, today).filter((period) => period.amount > 0);
    if (due.length > postedPeriods) candidates.push({ lease, due });
  }
  const pending: repository.NewLedgerEntry[] = [];
  for (let i = 0; i < candidates.length; i += RENT_BATCH) {
    const batch = candidates.slice(i, i + RENT_BATCH);
    const posted = await repository.listPostedRentPeriods(
      ctx.tx,
      batch.map(({ lease }) => lease.id),
    );
    for (const { lease, due } of batch) {
      const already = posted.get(lease.id);
      for (const period of due) {
        if (already?.has(period.period)) continue;
        pending.push(rentChargeOf(lease.id, period));
      }
    }
  }
  let posted = 0;
  for (let i = 0; i < pending.length; i += RENT_BATCH) {
    const rows = await repository.insertRentCharges(ctx.tx, pending.slice(i, i + RENT_BATCH));
    for (const row of rows) await recordEntryEvent(ctx, row, 'ledger.rent');
    posted += rows.length;
  }
  return posted;
}
