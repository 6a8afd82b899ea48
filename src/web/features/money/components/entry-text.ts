import { entryTitle } from '../../../../shared/ledger-words';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { formatDate, formatMoney } from '../../../lib/format';

export { entryTitle };

/** The free text under the title: a charge's description, a payment's note and reference, a reversal's reason. */
export function entryDetails(entry: LedgerEntry): string {
  const parts: string[] = [];
  if (entry.kind === 'reversal' && entry.description) parts.push(`Reason: ${entry.description}`);
  else if (entry.description) parts.push(entry.description);
  if (entry.reference) parts.push(`Ref. ${entry.reference}`);
  return parts.join(' · ');
}

/** Names an entry in a button or a dialog: 'payment (Check) of $500.00 on Mar 3, 2026'. */
export function entryName(entry: LedgerEntry): string {
  return `${entryTitle(entry).toLowerCase()} of ${formatMoney(entry.amount)} on ${formatDate(entry.entryDate)}`;
}

/** Whether Reverse is offered: never on a reversal, never twice. */
export const canReverse = (entry: LedgerEntry) =>
  entry.kind !== 'reversal' && entry.reversedById === null;
