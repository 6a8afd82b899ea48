import { useQuery } from '@tanstack/react-query';
import type {
  PaymentInstructions,
  PaymentInstructionsForm,
} from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export function usePaymentInstructions(userId: number) {
  return useQuery({
    queryKey: queryKeys.users.paymentInstructions(userId),
    queryFn: () => api.get<PaymentInstructions>(`/api/users/${userId}/payment-instructions`),
  });
}

export function useSetPaymentInstructions(userId: number) {
  return useChangingMutation({
    mutationFn: (body: PaymentInstructionsForm) =>
      api.put<PaymentInstructions>(`/api/users/${userId}/payment-instructions`, body),
    changes: ['user'],
    answers: () => queryKeys.users.paymentInstructions(userId),
  });
}
