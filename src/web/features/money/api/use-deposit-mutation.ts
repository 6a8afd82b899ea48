import type { LeaseDeposit } from '../../../../shared/schemas/deposits';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every deposit write answers the lease's deposit. A settlement also charges deductions and
 * pays charges on the ledger.
 */
export const useDepositMutation = <Input extends { leaseId: number }>(
  mutationFn: (input: Input) => Promise<LeaseDeposit>,
) =>
  useChangingMutation({
    mutationFn,
    changes: ['deposit', 'ledger'],
    answers: (_deposit, { leaseId }) => queryKeys.deposits.detail(leaseId),
  });
