import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentInstructions,
  PaymentInstructionsForm,
} from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function usePaymentInstructions(userId: number) {
  return useQuery({
    queryKey: queryKeys.paymentInstructions(userId),
    queryFn: () => api.get<PaymentInstructions>(`/api/users/${userId}/payment-instructions`),
  });
}

export function useSetPaymentInstructions(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentInstructionsForm) =>
      api.put<PaymentInstructions>(`/api/users/${userId}/payment-instructions`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.paymentInstructions(userId), saved);
    },
  });
}
