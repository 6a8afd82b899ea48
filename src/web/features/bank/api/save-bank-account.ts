import type { BankAccount, BankAccountBody } from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { useBankMutation } from './use-bank-mutation';

/** Adds an account, or changes the one named by `id`. */
export const saveBankAccount = ({
  id,
  body,
}: {
  id?: number | undefined;
  body: BankAccountBody;
}) =>
  id === undefined
    ? api.post<BankAccount>('/api/bank-accounts', body)
    : api.put<BankAccount>(`/api/bank-accounts/${id}`, body);

export const useSaveBankAccount = () => useBankMutation(saveBankAccount);
