import type { DepositReceiptBody, LeaseDeposit } from '../../../../shared/schemas/deposits';
import { api } from '../../../lib/api-client';
import { useDepositMutation } from './use-deposit-mutation';

export const recordDepositReceipt = ({
  leaseId,
  body,
}: {
  leaseId: number;
  body: DepositReceiptBody;
}) => api.post<LeaseDeposit>(`/api/leases/${leaseId}/deposit/receipts`, body);

export const useRecordDepositReceipt = () => useDepositMutation(recordDepositReceipt);
