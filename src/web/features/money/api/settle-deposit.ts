import type { DepositSettlementBody, LeaseDeposit } from '../../../../shared/schemas/deposits';
import { api } from '../../../lib/api-client';
import { useDepositMutation } from './use-deposit-mutation';

/** Once per lease, at move-out. */
export const settleDeposit = ({
  leaseId,
  body,
}: {
  leaseId: number;
  body: DepositSettlementBody;
}) => api.post<LeaseDeposit>(`/api/leases/${leaseId}/deposit/settlement`, body);

export const useSettleDeposit = () => useDepositMutation(settleDeposit);
