import type { Ledger, ReversalBody } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api-client';
import { useLedgerMutation } from './use-ledger-mutation';

export const reverseEntry = ({
  leaseId,
  entryId,
  body,
}: {
  leaseId: number;
  entryId: number;
  body: ReversalBody;
}) => api.post<Ledger>(`/api/leases/${leaseId}/ledger/entries/${entryId}/reversal`, body);

export const useReverseEntry = () => useLedgerMutation(reverseEntry);
