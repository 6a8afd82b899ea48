import type { Context } from '../../context';
import { actingUser } from '../../context';
import { calendarDate } from '../../../shared/dates';
import { allocate } from '../../../shared/ledger';
import { cents, formatCents, fromCents, toCents, type Cents } from '../../../shared/money';
import type {
  DepositReceiptBody,
  DepositRegisterItem,
  DepositSettlementBody,
  DepositTransaction,
  LeaseDeposit,
} from '../../../shared/schemas/deposits';
import {
  badRequest,
  conflict,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import { chunked, insertRows } from '../../db/batches';
import { recordEvent, recordEvents } from '../audit';
import { findManagedLease, scopeFor } from '../authz';
import type { LeaseRow } from '../leases';
import { listEntries, postEntryFor, toLedgerLine } from '../ledger';
import { requireManagedFilters } from '../properties';
import * as repository from './deposits.repository';
import {
  depositTransactionsTable,
  type DepositSettlementRow,
  type DepositTransactionRow,
} from './deposits.table';

/** The description of the ledger credits that the deposit pays. */
export const PAID_FROM_DEPOSIT = 'Paid from deposit';

const ALREADY_SETTLED = 'This deposit has already been settled';

/** The lease, locked, if the acting user manages it: receipts and settlement take turns. */
async function requireLease(ctx: Context, leaseId: number): Promise<LeaseRow> {
  const lease = await findManagedLease(ctx.tx, ctx.actor, leaseId, { lock: true });
  if (!lease) throw notFound('leases.not_found', 'Lease not found');
  return lease;
}

/** Received adds to what is held; every other movement pays out of it. */
const signed = (row: DepositTransactionRow): number =>
  row.kind === 'received' ? row.amount : -row.amount;

/** What the register says of a lease's deposit: received, paid out of it, and held. */
export function depositTotals(rows: DepositTransactionRow[]): {
  received: Cents;
  settled: Cents;
  held: Cents;
} {
  const received = receivedOf(rows);
  const held = heldOf(rows);
  return { received, settled: cents(received - held), held };
}

function heldOf(rows: DepositTransactionRow[]): Cents {
  return cents(rows.reduce((total, row) => total + signed(row), 0));
}

function receivedOf(rows: DepositTransactionRow[]): Cents {
  return cents(rows.reduce((total, row) => total + (row.kind === 'received' ? row.amount : 0), 0));
}

function toTransaction(row: DepositTransactionRow): DepositTransaction {
  return {
    id: row.id,
    kind: row.kind as DepositTransaction['kind'],
    amount: fromCents(row.amount),
    date: row.transactionDate,
    description: row.description,
    ledgerEntryId: row.ledgerEntryId,
    createdAt: row.createdAt.toISOString(),
  };
}

function depositOf(
  lease: LeaseRow,
  rows: DepositTransactionRow[],
  settlement: DepositSettlementRow | undefined,
): LeaseDeposit {
  const received = receivedOf(rows);
  return {
    leaseId: lease.id,
    agreed: fromCents(lease.deposit),
    received: fromCents(received),
    held: fromCents(heldOf(rows)),
    outstanding: fromCents(cents(Math.max(0, lease.deposit - received))),
    settlement: settlement
      ? {
          date: settlement.settledOn,
          deducted: fromCents(settlement.deducted),
          applied: fromCents(settlement.applied),
          returned: fromCents(settlement.returned),
          unpaidDeductions: fromCents(settlement.unpaidDeductions),
        }
      : null,
    transactions: rows.map(toTransaction),
  };
}

async function readDeposit(ctx: Context, lease: LeaseRow): Promise<LeaseDeposit> {
  return depositOf(
    lease,
    await repository.listTransactions(ctx.tx, lease),
    await repository.findSettlement(ctx.tx, lease),
  );
}

/** The deposit register: the caller's leases (another landlord's propertyId is a 404). */
export async function readDepositRegister(
  ctx: Context,
  query: Omit<repository.RegisterOptions, 'scope'>,
): Promise<{ rows: DepositRegisterItem[]; total: number }> {
  await requireManagedFilters(ctx, query);
  return repository.listRegister(ctx.tx, { ...query, scope: scopeFor(ctx.actor) });
}

export async function getLeaseDeposit(ctx: Context, leaseId: number): Promise<LeaseDeposit> {
  const lease = await findManagedLease(ctx.tx, ctx.actor, leaseId);
  if (!lease) throw notFound('leases.not_found', 'Lease not found');
  return readDeposit(ctx, lease);
}

function refuseFuture(ctx: Context, date: string, field: string): void {
  if (date > calendarDate(ctx.now, ctx.timeZone)) {
    throw badRequest('deposits.date_in_future', 'Date cannot be in the future', field);
  }
}

/** A receipt of more than what is still to receive of the agreed deposit (cents). */
export function overAgreed(outstanding: number) {
  return badRequest(
    'deposits.over_agreed',
    outstanding > 0
      ? `Amount is more than the ${formatCents(cents(outstanding))} still to receive of the deposit`
      : 'The agreed deposit has been received in full',
    'amount',
  );
}

/**
 * Money received toward the deposits of leases the same transaction has just created (the
 * import's "deposit received"): they have no register yet, so each may receive at most its
 * agreed deposit, on a day not in the future. Any refused and nothing is written; one
 * 'deposit.receipt' event per lease, as `recordReceipt` records it.
 */
export async function recordReceiptsOnNewLeases(
  ctx: Context,
  receipts: readonly { lease: LeaseRow; body: DepositReceiptBody }[],
): Promise<void> {
  if (receipts.length === 0) return;
  const createdByUserId = actingUser(ctx).id;
  // Today read once: the time zone's calendar is slow to consult thousands of times.
  const today = calendarDate(ctx.now, ctx.timeZone);
  const values = receipts.map(({ lease, body }) => {
    if (body.date > today) refuseFuture(ctx, body.date, 'date');
    const amount = toCents(body.amount);
    if (amount > lease.deposit) throw overAgreed(lease.deposit);
    return {
      leaseId: lease.id,
      kind: 'received',
      amount,
      transactionDate: body.date,
      description: body.description,
      createdByUserId,
    };
  });
  const rows: DepositTransactionRow[] = [];
  for (const chunk of chunked(values)) {
    rows.push(...(await insertRows(ctx.tx, depositTransactionsTable, chunk)));
  }
  await recordEvents(
    ctx,
    rows.map((row) => ({
      entityType: 'leases',
      entityId: row.leaseId,
      action: 'deposit.receipt',
      after: toTransaction(row),
    })),
  );
}

/**
 * Records money received toward the deposit. What is received in all may not pass the deposit
 * the lease agreed (raise the lease's deposit first), and nothing is received once settled.
 */
export async function recordReceipt(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: DepositReceiptBody },
): Promise<LeaseDeposit> {
  const lease = await requireLease(ctx, leaseId);
  refuseFuture(ctx, body.date, 'date');
  if (await repository.findSettlement(ctx.tx, lease)) {
    throw conflict('deposits.settled', ALREADY_SETTLED);
  }
  const rows = await repository.listTransactions(ctx.tx, lease);
  const outstanding = lease.deposit - receivedOf(rows);
  const amount = toCents(body.amount);
  if (amount > outstanding) throw overAgreed(outstanding);
  const [row] = await repository.insertTransactions(ctx.tx, [
    {
      leaseId,
      kind: 'received',
      amount,
      transactionDate: body.date,
      description: body.description,
      createdByUserId: actingUser(ctx).id,
    },
  ]);
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: leaseId,
    action: 'deposit.receipt',
    after: toTransaction(row!),
  });
  return readDeposit(ctx, lease);
}

/**
 * Move-out, once per lease. Each deduction is charged to the ledger and paid from the deposit
 * while it lasts; then, if asked, the deposit pays the ledger's other open charges; the rest
 * is returned. Every payment out of the deposit is also a ledger credit 'Paid from deposit', so
 * the ledger and the register tell the same story. Deductions beyond what is held stay owed.
 */
export async function settleDeposit(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: DepositSettlementBody },
): Promise<LeaseDeposit> {
  const lease = await requireLease(ctx, leaseId);
  refuseFuture(ctx, body.date, 'date');
  if (await repository.findSettlement(ctx.tx, lease)) {
    throw conflict('deposits.settled', ALREADY_SETTLED);
  }
  const userId = actingUser(ctx).id;
  let held = heldOf(await repository.listTransactions(ctx.tx, lease));
  const outflows: repository.NewDepositTransaction[] = [];
  const payFromDeposit = async (
    amount: Cents,
    kind: 'deducted' | 'applied',
    description: string,
  ) => {
    const credit = await postEntryFor(ctx, {
      leaseId,
      kind: 'credit',
      amount,
      entryDate: body.date,
      description: PAID_FROM_DEPOSIT,
    });
    outflows.push({
      leaseId,
      kind,
      amount,
      transactionDate: body.date,
      description,
      ledgerEntryId: credit.id,
      createdByUserId: userId,
    });
    held = cents(held - amount);
  };

  let deducted = 0;
  let unpaidDeductions = 0;
  for (const deduction of body.deductions) {
    const amount = toCents(deduction.amount);
    await postEntryFor(ctx, {
      leaseId,
      kind: 'charge',
      category: deduction.category,
      amount,
      entryDate: body.date,
      description: deduction.description,
    });
    const paid = cents(Math.min(held, amount));
    if (paid > 0) await payFromDeposit(paid, 'deducted', deduction.description);
    deducted += paid;
    unpaidDeductions += amount - paid;
  }

  let applied = 0;
  if (body.applyToOpenCharges && held > 0) {
    const entries = await listEntries(ctx.tx, lease);
    const { charges } = allocate(entries.map(toLedgerLine));
    const open = charges.reduce((total, charge) => total + charge.open, 0);
    applied = Math.min(held, open);
    if (applied > 0) await payFromDeposit(cents(applied), 'applied', 'Open charges at move-out');
  }

  const returned = held;
  if (returned > 0) {
    outflows.push({
      leaseId,
      kind: 'returned',
      amount: returned,
      transactionDate: body.date,
      description: 'Returned to tenant',
      createdByUserId: userId,
    });
  }

  try {
    // The lease lock makes settlements take turns; the primary key is the last word on once.
    await ctx.tx.transaction((savepoint) =>
      repository.insertSettlement(savepoint, {
        leaseId,
        settledOn: body.date,
        deducted: cents(deducted),
        applied: cents(applied),
        returned,
        unpaidDeductions: cents(unpaidDeductions),
        createdByUserId: userId,
      }),
    );
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict('deposits.settled', ALREADY_SETTLED);
    }
    throw error;
  }
  await repository.insertTransactions(ctx.tx, outflows);
  const after = await readDeposit(ctx, lease);
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: leaseId,
    action: 'deposit.settlement',
    after: {
      ...after.settlement,
      deductions: body.deductions.map(
        (d) => `${d.category}: ${d.description} ${formatCents(toCents(d.amount))}`,
      ),
      applyToOpenCharges: body.applyToOpenCharges,
    },
  });
  return after;
}
