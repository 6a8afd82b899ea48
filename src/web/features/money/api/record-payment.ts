import type { Ledger, PaymentBody } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api-client';
import { useLedgerMutation } from './use-ledger-mutation';

/** 201 for a new payment, 200 when the idempotency key was already used: both answer the ledger. */
export const recordPayment = ({ leaseId, body }: { leaseId: number; body: PaymentBody }) =>
  api.post<Ledger>(`/api/leases/${leaseId}/ledger/payments`, body);

export const useRecordPayment = () => useLedgerMutation(recordPayment);
