import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ledger } from '../../../../shared/schemas/ledger';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every ledger write answers the whole ledger: the screen shows it at once, and the figures
 * that sum ledgers (dashboard, rent roll, arrears, statements, deposits) are fetched again.
 */
export function useLedgerMutation<Input extends { leaseId: number }>(
  mutationFn: (input: Input) => Promise<Ledger>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (ledger, { leaseId }) => {
      queryClient.setQueryData(queryKeys.ledger.detail(leaseId), ledger);
      return Promise.all(
        [queryKeys.money.all, queryKeys.deposits.all, queryKeys.dashboard.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
