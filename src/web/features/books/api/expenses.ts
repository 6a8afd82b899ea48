import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreateExpenseBody,
  Expense,
  ExpenseSummary,
  ExpenseTotals,
  UpdateExpenseBody,
  WorkOrderExpenseBody,
} from '../../../../shared/schemas/expenses';
import { api, getPage } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

const withoutPaging = ({ limit: _l, offset: _o, sort: _s, order: _r, ...filters }: ListQuery) =>
  filters;

export const expensesQueryOptions = {
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.expenses.list(query),
      queryFn: ({ signal }) => getPage<ExpenseSummary>('/api/expenses', query, signal),
      placeholderData: keepPreviousData,
    }),
  totals: (query: ListQuery) =>
    queryOptions({
      queryKey: [...queryKeys.expenses.lists(), 'totals', withoutPaging(query)],
      queryFn: async ({ signal }) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(withoutPaging(query))) {
          if (value !== undefined && value !== '') search.set(key, String(value));
        }
        return api.get<ExpenseTotals>(`/api/expenses/totals?${search.toString()}`, signal);
      },
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.expenses.detail(id),
      queryFn: ({ signal }) => api.get<Expense>(`/api/expenses/${id}`, signal),
      retry: false,
    }),
  ofProperty: (propertyId: number) =>
    queryOptions({
      queryKey: [...queryKeys.expenses.lists(), 'property', propertyId],
      queryFn: ({ signal }) =>
        api.get<ExpenseSummary[]>(`/api/properties/${propertyId}/expenses`, signal),
    }),
};

export const useExpensesPage = (query: ListQuery) => useQuery(expensesQueryOptions.list(query));
export const useExpenseTotals = (query: ListQuery) => useQuery(expensesQueryOptions.totals(query));
export const useExpense = (id: number | undefined) =>
  useQuery({ ...expensesQueryOptions.detail(id ?? 0), enabled: id !== undefined });
export const usePropertyExpenses = (propertyId: number) =>
  useQuery(expensesQueryOptions.ofProperty(propertyId));

function useExpenseMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useChangingMutation({ mutationFn: call, changes: ['expense'] });
}

export const useCreateExpense = () =>
  useExpenseMutation((body: CreateExpenseBody) => api.post<Expense>('/api/expenses', body));
export const useUpdateExpense = (id: number) =>
  useExpenseMutation((body: UpdateExpenseBody) => api.patch<Expense>(`/api/expenses/${id}`, body));
export const useMarkExpensePaid = (id: number) =>
  useExpenseMutation((paidOn: string) => api.post<Expense>(`/api/expenses/${id}/paid`, { paidOn }));
export const useDeleteExpense = () =>
  useExpenseMutation((id: number) => api.delete(`/api/expenses/${id}`));
export const useAddReceipt = (id: number) =>
  useExpenseMutation((uploadId: number) =>
    api.post<Expense>(`/api/expenses/${id}/receipts`, { uploadId }),
  );
export const useRemoveReceipt = (id: number) =>
  useExpenseMutation((uploadId: number) => api.delete(`/api/expenses/${id}/receipts/${uploadId}`));
export const useRecordWorkOrderExpense = (workOrderId: number) =>
  useExpenseMutation((body: Partial<WorkOrderExpenseBody>) =>
    api.post<Expense>(`/api/work-orders/${workOrderId}/expense`, body),
  );

export const receiptUrl = (expenseId: number, uploadId: number) =>
  `/api/expenses/${expenseId}/receipts/${uploadId}`;
