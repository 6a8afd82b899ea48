import { and, eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/dates';
import { fromCents } from '../../../shared/money';
import type {
  RecurringCharge,
  RecurringChargeBody,
} from '../../../shared/schemas/recurring-charges';
import type { Context } from '../../context';
import { countRows, deleteUnlessUsed, type DeletionRules } from '../../db/delete-unless-used';
import { badRequest, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { requireManagedLease } from '../authz';
import type { LeaseRow } from '../leases';
import { ledgerEntriesTable } from '../ledger';
import * as repository from './recurring-charges.repository';
import type { RecurringChargeRow } from './recurring-charges.table';

type Ref = { leaseId: number; chargeId: number };

const fieldsOf = (row: RecurringChargeRow) => ({
  chargeId: row.id,
  kind: row.kind,
  description: row.description,
  amount: fromCents(row.amount),
  startDate: row.startDate,
  endDate: row.endDate,
});

/** A charge that starts after the lease has ended would never be posted: a typo. */
function refuseAfterLease(lease: LeaseRow, body: RecurringChargeBody) {
  if (body.startDate > lease.endDate) {
    throw badRequest(
      'recurring_charges.after_lease',
      `Start date cannot be after the lease ends (${formatDate(lease.endDate)})`,
      'startDate',
    );
  }
}

export async function listRecurringCharges(
  ctx: Context,
  leaseId: number,
): Promise<RecurringCharge[]> {
  const lease = await requireManagedLease(ctx.tx, ctx.actor, leaseId);
  return repository.listCharges(ctx.tx, lease);
}

export async function addRecurringCharge(
  ctx: Context,
  { leaseId, body }: { leaseId: number; body: RecurringChargeBody },
): Promise<RecurringCharge> {
  const lease = await requireManagedLease(ctx.tx, ctx.actor, leaseId);
  refuseAfterLease(lease, body);
  const row = await repository.insertCharge(ctx.tx, leaseId, body);
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: leaseId,
    action: 'recurring.add',
    after: fieldsOf(row),
  });
  return repository.toRecurringCharge(row, 0);
}

/**
 * A renewal goes on paying what the lease paid: every charge still running on the lease's last
 * day starts again on the renewal's first day, at the same amount, until the same end date
 * (none stays none). Charges that ended with the lease stay behind. Each copy is its own
 * record on the renewal's trail, so the landlord can change or end it there.
 */
export async function carryChargesOver(
  ctx: Context,
  { from, to }: { from: LeaseRow; to: LeaseRow },
): Promise<void> {
  const running = await repository.listCurrentCharges(ctx.tx, from, from.endDate);
  for (const charge of running) {
    if (charge.endDate !== null && charge.endDate < to.startDate) continue;
    const row = await repository.insertCharge(ctx.tx, to.id, {
      kind: charge.kind as RecurringChargeBody['kind'],
      description: charge.description,
      amount: fromCents(charge.amount),
      startDate: to.startDate,
      endDate: charge.endDate,
    });
    await recordEvent(ctx, {
      entityType: 'leases',
      entityId: to.id,
      action: 'recurring.add',
      after: fieldsOf(row),
    });
  }
}

async function requireCharge(ctx: Context, { leaseId, chargeId }: Ref) {
  const lease = await requireManagedLease(ctx.tx, ctx.actor, leaseId);
  const row = await repository.findCharge(ctx.tx, lease, chargeId);
  if (!row) throw notFound('recurring_charges.not_found', 'Recurring charge not found');
  return { lease, row };
}

/**
 * Changes a charge from its next posting on: periods already posted stay as they were (the
 * ledger is append-only); ending a charge is setting its end date.
 */
export async function changeRecurringCharge(
  ctx: Context,
  { body, ...ref }: Ref & { body: RecurringChargeBody },
): Promise<RecurringCharge> {
  const { lease, row: before } = await requireCharge(ctx, ref);
  refuseAfterLease(lease, body);
  const after = await repository.updateCharge(ctx.tx, before, body);
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: ref.leaseId,
    action: 'recurring.change',
    before: fieldsOf(before),
    after: fieldsOf(after),
  });
  const posted = await repository.countPosted(ctx.tx, after.organisationId, [after.id]);
  return repository.toRecurringCharge(after, posted.get(after.id) ?? 0);
}

function chargeDeletion(charge: RecurringChargeRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'moneyRecords',
        code: 'recurring_charges.posted',
        count: (db) =>
          countRows(
            db,
            ledgerEntriesTable,
            and(
              eq(ledgerEntriesTable.organisationId, charge.organisationId),
              eq(ledgerEntriesTable.recurringChargeId, charge.id),
            )!,
          ),
        message: (n) =>
          `This charge has been posted to the ledger ${n === 1 ? 'once' : `${n} times`} and cannot be removed; set an end date instead.`,
      },
    ],
    removes: [],
  };
}

/** Removes a charge never posted; a posted one is ended instead (409). */
export async function removeRecurringCharge(ctx: Context, ref: Ref): Promise<void> {
  const { row } = await requireCharge(ctx, ref);
  await deleteUnlessUsed(ctx.tx, chargeDeletion(row), (db) => repository.deleteCharge(db, row));
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: ref.leaseId,
    action: 'recurring.remove',
    before: fieldsOf(row),
  });
}
