import type { Context } from '../../context';
import { actingUser } from '../../context';
import { conflict, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http/errors';
import { calendarDate } from '../../../shared/dates';
import { deltaOf } from '../../../shared/ledger';
import { cents, type Cents } from '../../../shared/money';
import type { RentPeriod } from '../../../shared/rent-periods';
import * as repository from './ledger.repository';
import { recordEntryEvent, rentChargeOf, reversalDate } from './ledger.service';
import type { LedgerEntryRow } from './ledger.table';

/**
 * Batch twins of the ledger's single-entry writes, for a lease the caller has already found
 * (and locked) under its scope: voiding a lease, and a date change's reversals and postings.
 * Each entry is written as its single twin writes it, with its own audit event.
 */

/** The entries of a lease that stand: not reversals, and not reversed. */
export function standingEntries(entries: LedgerEntryRow[]): LedgerEntryRow[] {
  const reversed = new Set(entries.flatMap((e) => (e.reversesId === null ? [] : [e.reversesId])));
  return entries.filter((e) => e.kind !== 'reversal' && !reversed.has(e.id));
}

/** Reverses each entry, as `reverseEntry` does; a reversal made meanwhile refuses them all. */
export async function reverseEntries(
  ctx: Context,
  entries: LedgerEntryRow[],
  reason: string,
): Promise<LedgerEntryRow[]> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const rows: LedgerEntryRow[] = [];
  for (const entry of entries) {
    let row: LedgerEntryRow;
    try {
      row = await ctx.tx.transaction((savepoint) =>
        repository.insertEntry(savepoint, {
          leaseId: entry.leaseId,
          kind: 'reversal',
          // No category: the rent and late-fee keys (lease, period) stay the original's.
          amount: entry.amount,
          delta: deltaOf('reversal', entry.amount, entry),
          entryDate: reversalDate(entry, today),
          description: reason,
          reversesId: entry.id,
          period: entry.period,
          createdByUserId: actingUser(ctx).id,
        }),
      );
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        throw conflict(
          'ledger.already_reversed',
          'An entry of this lease was reversed meanwhile: look at its ledger and try again',
        );
      }
      throw error;
    }
    await recordEntryEvent(ctx, row, 'ledger.reversal');
    rows.push(row);
  }
  return rows;
}

/** Posts these rent periods of the lease (those not posted already), as the rent job does. */
export async function postRentPeriods(
  ctx: Context,
  leaseId: number,
  periods: RentPeriod[],
): Promise<LedgerEntryRow[]> {
  const rows = await repository.insertRentCharges(
    ctx.tx,
    periods.map((period) => rentChargeOf(leaseId, period)),
  );
  for (const row of rows) await recordEntryEvent(ctx, row, 'ledger.rent');
  return rows;
}

/**
 * The one entry that brings a balance over from earlier books: a charge when the tenant owed
 * (`balance` > 0), a credit when they were in credit (< 0); nothing at zero.
 */
export async function postOpeningEntry(
  ctx: Context,
  input: { leaseId: number; balance: Cents; entryDate: string },
): Promise<LedgerEntryRow | undefined> {
  if (input.balance === 0) return undefined;
  const kind = input.balance > 0 ? 'charge' : 'credit';
  const amount = cents(Math.abs(input.balance));
  const row = await repository.insertEntry(ctx.tx, {
    leaseId: input.leaseId,
    kind,
    category: 'opening_balance',
    amount,
    delta: deltaOf(kind, amount),
    entryDate: input.entryDate,
    description: kind === 'charge' ? 'Opening balance owed' : 'Opening balance in credit',
    createdByUserId: actingUser(ctx).id,
  });
  await recordEntryEvent(ctx, row, kind === 'charge' ? 'ledger.charge' : 'ledger.credit');
  return row;
}
