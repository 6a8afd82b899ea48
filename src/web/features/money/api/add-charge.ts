import type { ChargeBody, Ledger } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api-client';
import { useLedgerMutation } from './use-ledger-mutation';

export const addCharge = ({ leaseId, body }: { leaseId: number; body: ChargeBody }) =>
  api.post<Ledger>(`/api/leases/${leaseId}/ledger/charges`, body);

export const useAddCharge = () => useLedgerMutation(addCharge);
