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
import { allocate, balanceOf, deltaOf, runningBalances } from '../../../shared/ledger';
import { cents, fromCents, toCents, type Cents } from '../../../shared/money';
import { CATEGORY_LABELS } from '../../../shared/schemas/ledger';
import { periodsDueBy, type FirstPeriodRule, type RentPeriod } from '../../../shared/rent-periods';
import type { LeaseStatus } from '../../../shared/constants';
import { isVoidLease, lastDayOf } from '../../../shared/lease-state';
import type {
  ChargeBody,
  CreditBody,
  Ledger,
  PaymentBody,
  ReversalBody,
} from '../../../shared/schemas/ledger';
import { recordEvent, recordEvents, type AuditedChange } from '../audit';
import { findManagedLease } from '../authz';
import type { LeaseRow } from '../leases';
import * as repository from './ledger.repository';
import { nextAfter, type BatchOutcome, type LeaseBatch } from './ledger.repository';
import { chunked } from '../../db/batches';
import { toLedgerEntry, toLedgerLine } from './ledger-entry';
import { listChargesOfLeases, listPostedKeys } from '../recurring-charges';
import type { RecurringChargeRow } from '../recurring-charges';
import type { LedgerEntryRow } from './ledger.table';
import type { AuditAction } from '../../../shared/audit-sentences';

/** The lease, if the acting user manages it; another landlord's lease is a 404. */
async function requireLease(ctx: Context, leaseId: number): Promise<LeaseRow> {
  const lease = await findManagedLease(ctx.tx, ctx.actor, leaseId);
  if (!lease) throw notFound('leases.not_found', 'Lease not found');
  return lease;
}

/** The ledger with running balance, and what each charge still owes. */
export function ledgerOf(leaseId: number, rows: LedgerEntryRow[]): Ledger {
  const lines = rows.map(toLedgerLine);
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
      ...toLedgerEntry(row),
      reversedById: reversedBy.get(row.id) ?? null,
      runningBalance: fromCents(running[i]!),
      open: row.kind === 'charge' ? fromCents(open.get(row.id) ?? toCents(0)) : null,
    })),
  };
}

export async function getLedger(ctx: Context, leaseId: number): Promise<Ledger> {
  const lease = await requireLease(ctx, leaseId);
  return ledgerOf(leaseId, await repository.listEntries(ctx.tx, lease));
}

/** The audit event of an entry, on its lease's trail. */
function entryChange(row: LedgerEntryRow, action: AuditAction): AuditedChange {
  return { entityType: 'leases', entityId: row.leaseId, action, after: toLedgerEntry(row) };
}

/** One audit event per entry, on its lease's trail. */
export async function recordEntryEvent(
  ctx: Context,
  row: LedgerEntryRow,
  action: AuditAction,
): Promise<void> {
  await recordEvent(ctx, entryChange(row, action));
}

/** Posts a one-off charge; answers the entry it made. */
export async function postCharge(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: ChargeBody },
): Promise<LedgerEntryRow> {
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
  return row;
}

/** Posts a credit; answers the entry it made. */
export async function postCredit(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: CreditBody },
): Promise<LedgerEntryRow> {
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
  return row;
}

/**
 * A charge or credit that another module's command posts as part of its own record (a
 * deposit's settlement): the ledger writes the row, the caller's audit event tells the story
 * (no ledger event, no notice). Answers the entry it made.
 */
export async function postEntryFor(
  ctx: Context,
  entry: {
    leaseId: number;
    kind: 'charge' | 'credit';
    category?: ChargeBody['category'];
    amount: Cents;
    entryDate: string;
    description: string;
  },
): Promise<LedgerEntryRow> {
  return repository.insertEntry(ctx.tx, {
    ...entry,
    delta: deltaOf(entry.kind, entry.amount),
    createdByUserId: actingUser(ctx).id,
  });
}

/**
 * Records a payment once per idempotency key: a retried or double-clicked POST finds the
 * payment the first one stored and stores nothing. Answers the entry it made, or null when
 * the key had been used.
 */
export async function recordPayment(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: PaymentBody },
): Promise<LedgerEntryRow | null> {
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
  if (!row) return null;
  await recordEntryEvent(ctx, row, 'ledger.payment');
  return row;
}

/**
 * A reversal is dated the day it is made, or the reversed entry's own date when that is later
 * (a charge or credit dated ahead): it never takes effect before the entry it undoes, so the
 * running balance and the open charges of any day agree (ledger/open-charges.sql.test.ts).
 */
export function reversalDate(entry: { entryDate: string }, today: string): string {
  return entry.entryDate > today ? entry.entryDate : today;
}

/** Reverses an entry once, with a reason; answers the reversal it made. */
export async function reverseEntry(
  ctx: Context,
  { leaseId, entryId, body }: { leaseId: number; entryId: number; body: ReversalBody },
): Promise<LedgerEntryRow> {
  const lease = await requireLease(ctx, leaseId);
  const entry = await repository.lockEntry(ctx.tx, lease, entryId);
  if (!entry) throw notFound('ledger.entry_not_found', 'Ledger entry not found');
  if (entry.kind === 'reversal') {
    throw conflict('ledger.reverse_reversal', 'A reversal cannot be reversed; post a new entry');
  }
  if (await repository.findReversalOf(ctx.tx, entry)) {
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
  return row;
}

/**
 * Leases one step of a posting run reads and posts (decision 0032): a transaction short enough
 * that the embedded database, which runs one at a time, answers requests between two.
 */
export const LEASES_PER_STEP = 500;
/** Rows of one insert statement. */
const RENT_ROWS_PER_STATEMENT = 1_000;

const span = (period: RentPeriod) =>
  period.carried
    ? `${period.dueDate} to ${period.lastDay} + ${period.carried.from} to ${period.carried.to} (prorated)`
    : period.prorated
      ? `${period.dueDate} to ${period.lastDay} (prorated)`
      : `${period.dueDate} to ${period.lastDay}`;

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
    description: `Rent ${span(period)}`,
  };
}

/** The landlord's rules rent follows (docs/decisions/0020); absent: prorate. */
export interface RentRules {
  firstPeriod?: FirstPeriodRule;
}

type LeaseForPeriods = Pick<
  LeaseRow,
  'startDate' | 'endDate' | 'rent' | 'rentDueDay' | 'rentChargedFrom' | 'status' | 'endedOn'
>;

/**
 * The rent periods a lease is charged by `today`: from its start (or the day its rent is
 * charged from, for a lease brought in from earlier books) through its last day (the move-out
 * day when the tenant left early), whatever its stored status; none when it is void. The one
 * place that says what rent a lease is charged: the job posts it, previews show it.
 */
export function rentPeriodsDue(
  lease: LeaseForPeriods,
  today: string,
  rules: RentRules = {},
): RentPeriod[] {
  const dated = { ...lease, status: lease.status as LeaseStatus };
  if (isVoidLease(dated)) return [];
  const from = lease.rentChargedFrom ?? lease.startDate;
  // A lease brought from earlier books settled its first period there: nothing to carry over.
  const firstPeriod = from > lease.startDate ? 'prorate' : rules.firstPeriod;
  return periodsDueBy({ ...lease, endDate: lastDayOf(dated), firstPeriod }, today).filter(
    (period) => period.dueDate >= from,
  );
}

type ChargeForPeriods = Pick<RecurringChargeRow, 'id' | 'amount' | 'startDate' | 'endDate'>;

/**
 * What a lease's recurring charges are charged by `today`: each follows the rent's periods
 * (its short first period under the same rule, its last cut short by the lease's end, at the
 * charge's own amount) for every period whose due date falls in the charge's start..end.
 */
export function recurringChargesDue<Charge extends ChargeForPeriods>(
  lease: LeaseForPeriods,
  charges: Charge[],
  today: string,
  rules: RentRules = {},
): { charge: Charge; period: RentPeriod }[] {
  const due: { charge: Charge; period: RentPeriod }[] = [];
  for (const charge of charges) {
    for (const period of rentPeriodsDue({ ...lease, rent: charge.amount }, today, rules)) {
      if (period.dueDate < charge.startDate) continue;
      if (charge.endDate !== null && period.dueDate > charge.endDate) continue;
      // A short first period before the charge began carries nothing of it.
      const carried = period.carried && period.carried.from < charge.startDate;
      const amount = carried ? cents(period.amount - period.carried!.amount) : period.amount;
      if (amount <= 0) continue;
      due.push({
        charge,
        period: carried ? { ...period, amount, carried: undefined } : period,
      });
    }
  }
  return due;
}

function recurringDescription(charge: RecurringChargeRow, period: RentPeriod): string {
  const label = CATEGORY_LABELS[charge.kind as keyof typeof CATEGORY_LABELS] ?? 'Charge';
  return `${label}${charge.description ? ` (${charge.description})` : ''} ${span(period)}`;
}

/**
 * Posts every rent charge and recurring charge due by today (the landlord's calendar) that is
 * not posted yet, for the batch's leases, following their dates, not their stored status
 * (docs/product.md section 16): a lease that ended or was moved out before a run still gets
 * the periods it ran, and a start moved earlier gets the periods it now has. The landlord's
 * first-period rule is read now, at posting. The jobs runner calls it, so it runs as the
 * system actor. The unique keys (lease, period) for rent and (charge, period) for a recurring
 * charge make a second run, a second process or a retry post nothing twice; a period once
 * posted (reversed too) is never posted again. Its events are written in one statement
 * (nothing subscribes to rent postings).
 */
export async function postRentBatch(ctx: Context, batch: LeaseBatch): Promise<BatchOutcome> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const leases = await repository.listLeasesForRent(ctx.tx, today, batch);
  const charges = await listChargesOfLeases(
    ctx.tx,
    leases.filter((row) => row.recurringCharges > 0).map((row) => row.lease.id),
  );
  const candidates = leases.flatMap((row) => {
    const rules = { firstPeriod: row.firstPeriod };
    const rent = rentPeriodsDue(row.lease, today, rules).filter((period) => period.amount > 0);
    const extra = recurringChargesDue(row.lease, charges.get(row.lease.id) ?? [], today, rules);
    const rentMissing = rent.length > row.postedPeriods;
    const extraMissing = extra.length > row.postedRecurring;
    return rentMissing || extraMissing
      ? [{ lease: row.lease, rent: rentMissing ? rent : [], extra: extraMissing ? extra : [] }]
      : [];
  });
  const ids = (pick: (c: (typeof candidates)[number]) => unknown[]) =>
    candidates.filter((c) => pick(c).length > 0).map((c) => c.lease.id);
  const postedRent = await repository.listPostedRentPeriods(
    ctx.tx,
    ids((c) => c.rent),
  );
  const postedExtra = await listPostedKeys(
    ctx.tx,
    ids((c) => c.extra),
  );
  const pending: repository.NewLedgerEntry[] = [];
  for (const { lease, rent, extra } of candidates) {
    const already = postedRent.get(lease.id);
    for (const period of rent) {
      if (already?.has(period.period)) continue;
      pending.push(rentChargeOf(lease.id, period));
    }
    for (const { charge, period } of extra) {
      if (postedExtra.has(`${charge.id}:${period.period}`)) continue;
      pending.push({
        leaseId: lease.id,
        kind: 'charge',
        category: charge.kind,
        amount: period.amount,
        delta: deltaOf('charge', period.amount),
        entryDate: period.dueDate,
        period: period.period,
        recurringChargeId: charge.id,
        description: recurringDescription(charge, period),
      });
    }
  }
  let posted = 0;
  for (const chunk of chunked(pending, RENT_ROWS_PER_STATEMENT)) {
    const rows = await repository.insertRentCharges(ctx.tx, chunk);
    await recordEvents(
      ctx,
      rows.map((row) =>
        entryChange(row, row.recurringChargeId ? 'ledger.recurring' : 'ledger.rent'),
      ),
    );
    posted += rows.length;
  }
  return {
    posted,
    lastLeaseId: nextAfter(
      batch,
      leases.map((row) => row.lease.id),
    ),
  };
}

/** Every batch of the scope, one after another in the context's transaction. */
export function postRentDue(
  ctx: Context,
  scope: Omit<LeaseBatch, 'afterLeaseId' | 'limit'> = {},
): Promise<number> {
  return everyBatch(ctx, scope, postRentBatch);
}

/**
 * Runs `step` over every batch of the scope, one after another in the context's transaction
 * (the seeds, the command line and tests post a whole scope at once); answers how many it posted.
 */
export async function everyBatch(
  ctx: Context,
  scope: Omit<LeaseBatch, 'afterLeaseId' | 'limit'>,
  step: (ctx: Context, batch: LeaseBatch) => Promise<BatchOutcome>,
): Promise<number> {
  let posted = 0;
  let afterLeaseId: number | null = 0;
  while (afterLeaseId !== null) {
    const outcome = await step(ctx, { ...scope, afterLeaseId, limit: LEASES_PER_STEP });
    posted += outcome.posted;
    afterLeaseId = outcome.lastLeaseId;
  }
  return posted;
}
