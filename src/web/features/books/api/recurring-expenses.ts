import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecurringExpense, RecurringExpenseBody } from '../../../../shared/schemas/expenses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useRecurringExpenses = () =>
  useQuery({
    queryKey: queryKeys.recurringExpenses.lists(),
    queryFn: ({ signal }) => api.get<RecurringExpense[]>('/api/recurring-expenses', signal),
  });

function useRecurringMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.recurringExpenses.all }),
  });
}

export const useAddRecurringExpense = () =>
  useRecurringMutation((body: RecurringExpenseBody) =>
    api.post<RecurringExpense>('/api/recurring-expenses', body),
  );
export const useRemoveRecurringExpense = () =>
  useRecurringMutation((id: number) => api.delete(`/api/recurring-expenses/${id}`));
