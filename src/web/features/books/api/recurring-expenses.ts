import { useQuery } from '@tanstack/react-query';
import type { RecurringExpense, RecurringExpenseBody } from '../../../../shared/schemas/expenses';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export const useRecurringExpenses = () =>
  useQuery({
    queryKey: queryKeys.recurringExpenses.lists(),
    queryFn: ({ signal }) => api.get<RecurringExpense[]>('/api/recurring-expenses', signal),
  });

function useRecurringMutation<Input>(call: (input: Input) => Promise<unknown>) {
  return useChangingMutation({ mutationFn: call, changes: ['recurringExpense'] });
}

export const useAddRecurringExpense = () =>
  useRecurringMutation((body: RecurringExpenseBody) =>
    api.post<RecurringExpense>('/api/recurring-expenses', body),
  );
export const useRemoveRecurringExpense = () =>
  useRecurringMutation((id: number) => api.delete(`/api/recurring-expenses/${id}`));
