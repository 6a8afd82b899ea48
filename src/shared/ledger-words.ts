import { CATEGORY_LABELS, METHOD_LABELS, type LedgerEntry } from './schemas/ledger';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit: 'Credit',
  reversal: 'Reversal',
};

type Titled = Pick<LedgerEntry, 'kind' | 'category' | 'method'>;

/**
 * 'Rent', 'Payment (Check)', 'Credit', 'Reversal of payment': what the entry is, in a few
 * words; the ledger screen and its CSV download say the same.
 */
export function entryTitle(entry: Titled, reversed?: Titled): string {
  if (entry.kind === 'charge') return entry.category ? CATEGORY_LABELS[entry.category] : 'Charge';
  if (entry.kind === 'payment') {
    return entry.method ? `Payment (${METHOD_LABELS[entry.method]})` : 'Payment';
  }
  if (entry.kind === 'reversal') {
    return reversed ? `Reversal of ${entryTitle(reversed).toLowerCase()}` : 'Reversal';
  }
  if (entry.category === 'opening_balance') return 'Opening balance (credit)';
  return KIND_LABELS[entry.kind];
}
