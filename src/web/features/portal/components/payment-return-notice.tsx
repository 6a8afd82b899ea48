import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_RETURN_NOTICES,
  PAYMENT_RETURN_PARAM,
  PAYMENT_RETURNS,
  type PaymentReturn,
} from '../../../../shared/schemas/payments';

const isPaymentReturn = (value: string | null): value is PaymentReturn =>
  (PAYMENT_RETURNS as readonly (string | null)[]).includes(value);

/**
 * What '/' says when Stripe sends the tenant back (?payment=success or cancelled). Calm on
 * purpose: the payment is recorded only when Stripe's webhook confirms it, which may be after
 * the tenant is back.
 */
export function PaymentReturnNotice() {
  const [search, setSearch] = useSearchParams();
  const outcome = search.get(PAYMENT_RETURN_PARAM);
  if (!isPaymentReturn(outcome)) return null;
  const dismiss = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Alert
      role="status"
      color={outcome === 'success' ? 'teal' : 'gray'}
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="payment-return"
    >
      {PAYMENT_RETURN_NOTICES[outcome]}
    </Alert>
  );
}
