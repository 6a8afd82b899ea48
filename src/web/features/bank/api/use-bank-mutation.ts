import { useChangingMutation } from '../../../lib/entity-caches';

/**
 * Every bank write may change lines, matches, counts and the reconciliation; a payment or an
 * expense recorded from a line (or an unpaid expense marked paid by a match) changes the books.
 */
export function useBankMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useChangingMutation({ mutationFn, changes: ['bankLine', 'ledger', 'expense'] });
}
