import type { BankAccount, BankAccountBody } from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { useBankMutation } from './use-bank-mutation';

export const createBankAccount = (body: BankAccountBody) =>
  api.post<BankAccount>('/api/bank-accounts', body);

export const useCreateBankAccount = () => useBankMutation(createBankAccount);
