import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every bank write may change lines, matches, counts and the reconciliation; a payment or an
 * expense recorded from a line changes the books too. All of them are fetched again.
 */
export function useBankMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.bank.all,
          queryKeys.ledger.all,
          queryKeys.money.all,
          queryKeys.dashboard.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
