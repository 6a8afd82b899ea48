import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutSession } from '../../../../shared/schemas/payments';
import { api } from '../../../lib/api-client';

/**
 * Asks the server for a Stripe Checkout page and goes there. Nothing changes here until
 * Stripe confirms the payment, so no query is invalidated: '/' asks again on return.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutBody) =>
      api.post<CheckoutSession>('/api/portal/payments/checkout', body),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
