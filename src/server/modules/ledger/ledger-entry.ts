import type { LedgerLine } from '../../../shared/ledger';
import { fromCents } from '../../../shared/money';
import type { LedgerEntry } from '../../../shared/schemas/ledger';
import type { LedgerEntryRow } from './ledger.table';

/** An entry as the API says it, less what only the whole ledger knows (balances, reversals). */
export type LedgerEntryFields = Omit<LedgerEntry, 'runningBalance' | 'open' | 'reversedById'>;

/** A ledger row in the API's words: amounts in currency units, the time as ISO text. */
export function toLedgerEntry(row: LedgerEntryRow): LedgerEntryFields {
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

/** A ledger row as the balance and allocation arithmetic reads it (amounts stay in cents). */
export function toLedgerLine(row: LedgerEntryRow): LedgerLine {
  return {
    id: row.id,
    kind: row.kind as LedgerLine['kind'],
    amount: row.amount,
    delta: row.delta,
    entryDate: row.entryDate,
    reversesId: row.reversesId,
  };
}
