import { cents, type Cents } from './money';

/**
 * The arithmetic of a lease's ledger, for the server and the property-based tests. Entries are
 * never changed: a mistake is undone by a reversal that names the entry. Which charges a
 * payment settles is not stored but derived, oldest charge first, from the entries that stand
 * (not reversed); so reversing a payment (a bounced check) reopens exactly what it had paid.
 */
export const ENTRY_KINDS = ['charge', 'payment', 'credit', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface LedgerLine {
  id: number;
  kind: EntryKind;
  /** Positive. */
  amount: Cents;
  /** What the entry adds to the balance owed: + for a charge, - for a payment or credit. */
  delta: Cents;
  /** Due date of a charge, date received of a payment. */
  entryDate: string;
  reversesId: number | null;
}

/** The delta of a new entry; a reversal undoes the delta of the entry it names. */
export function deltaOf(kind: EntryKind, amount: Cents, reversed?: { delta: Cents }): Cents {
  if (kind === 'charge') return amount;
  if (kind === 'reversal') {
    if (!reversed) throw new Error('a reversal names the entry it reverses');
    return cents(-reversed.delta);
  }
  return cents(-amount);
}

/** What the tenant owes (negative: money held as credit). */
export function balanceOf(lines: readonly LedgerLine[]): Cents {
  return cents(lines.reduce((total, line) => total + line.delta, 0));
}

/** The running balance after each line, in posting order. */
export function runningBalances(lines: readonly LedgerLine[]): Cents[] {
  let total = 0;
  return lines.map((line) => cents((total += line.delta)));
}

export interface Allocation {
  /** Open (unpaid) amount of each standing charge, oldest first; settled ones are 0. */
  charges: { id: number; entryDate: string; amount: Cents; open: Cents }[];
  /** Paid or credited beyond every charge. */
  unapplied: Cents;
}

/** Payments and credits settle the oldest standing charges first (by due date, then posting). */
export function allocate(lines: readonly LedgerLine[]): Allocation {
  const reversed = new Set(lines.filter((l) => l.reversesId !== null).map((l) => l.reversesId));
  const standing = lines.filter((l) => l.kind !== 'reversal' && !reversed.has(l.id));
  let available = standing
    .filter((l) => l.kind === 'payment' || l.kind === 'credit')
    .reduce((total, l) => total + l.amount, 0);
  const charges = standing
    .filter((l) => l.kind === 'charge')
    .sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : a.id - b.id))
    .map((charge) => {
      const applied = Math.min(available, charge.amount);
      available -= applied;
      return {
        id: charge.id,
        entryDate: charge.entryDate,
        amount: charge.amount,
        open: cents(charge.amount - applied),
      };
    });
  return { charges, unapplied: cents(available) };
}
