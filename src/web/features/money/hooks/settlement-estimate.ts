import { cents, fromCents, isExactAmount, toCents } from '../../../../shared/money';

/** A typed amount as cents; a half-typed or empty field counts as nothing yet. */
const centsOf = (value: number | string) =>
  typeof value === 'number' && value > 0 && isExactAmount(value) ? toCents(value) : cents(0);

/**
 * What the settlement form expects to happen, in the server's order: deductions are paid from
 * the deposit first, then (if asked) the other open charges, and the rest goes back to the
 * tenant. An estimate for the form; the server's answer is the record.
 */
export function estimateSettlement({
  held,
  openCharges,
  deductions,
  applyToOpenCharges,
}: {
  held: number;
  /** What the ledger has open before the settlement. */
  openCharges: number;
  deductions: { amount: number | string }[];
  applyToOpenCharges: boolean;
}) {
  const heldCents = toCents(held);
  const deducted = deductions.reduce<number>((total, d) => total + centsOf(d.amount), 0);
  const fromDeposit = Math.min(heldCents, deducted);
  const left = heldCents - fromDeposit;
  const applied = applyToOpenCharges ? Math.min(left, Math.max(0, toCents(openCharges))) : 0;
  return {
    deducted: fromCents(cents(deducted)),
    /** Deductions beyond what is held: they stay owing on the ledger. */
    unpaidDeductions: fromCents(cents(deducted - fromDeposit)),
    applied: fromCents(cents(applied)),
    returned: fromCents(cents(left - applied)),
  };
}
