import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccount } from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const bankAccountsQueryOptions = queryOptions({
  queryKey: queryKeys.bank.lists(),
  queryFn: ({ signal }) => api.get<BankAccount[]>('/api/bank-accounts', signal),
});

export const useBankAccounts = () => useQuery(bankAccountsQueryOptions);
