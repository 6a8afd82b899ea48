import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaseDeposit } from '../../../../shared/schemas/deposits';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every deposit write answers the lease's deposit. A settlement also charges deductions and
 * pays charges on the ledger, so the ledger and every money figure are fetched again.
 */
export function useDepositMutation<Input extends { leaseId: number }>(
  mutationFn: (input: Input) => Promise<LeaseDeposit>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (deposit, { leaseId }) => {
      queryClient.setQueryData(queryKeys.deposits.detail(leaseId), deposit);
      return Promise.all(
        [
          queryKeys.deposits.lists(),
          queryKeys.ledger.detail(leaseId),
          queryKeys.money.all,
          queryKeys.dashboard.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
