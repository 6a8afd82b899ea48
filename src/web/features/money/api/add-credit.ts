import type { CreditBody, Ledger } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api-client';
import { useLedgerMutation } from './use-ledger-mutation';

export const addCredit = ({ leaseId, body }: { leaseId: number; body: CreditBody }) =>
  api.post<Ledger>(`/api/leases/${leaseId}/ledger/credits`, body);

export const useAddCredit = () => useLedgerMutation(addCredit);
