import { z } from 'zod';
import { moneySchema } from './common';

/**
 * Paying rent online (docs/product.md, 'Paying rent online'): a linked tenant pays by card
 * through Stripe Checkout. Only a webhook signed by Stripe records the payment; the tenant's
 * return to Porchlight records nothing.
 */

/** Stripe refuses a card charge in USD below 50 cents or above $999,999.99. */
export const CARD_PAYMENT_MIN = 0.5;
export const CARD_PAYMENT_MAX = 999_999.99;

/** POST /api/portal/payments/checkout; no amount pays the whole balance owed. */
export const checkoutBodySchema = z.object({
  amount: moneySchema('Amount')
    .refine((value) => value >= CARD_PAYMENT_MIN, 'Amount must be at least $0.50 to pay by card')
    .refine((value) => value <= CARD_PAYMENT_MAX, 'Amount must be at most $999,999.99 by card')
    .optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export type CheckoutFormValues = z.input<typeof checkoutBodySchema>;

/** Where the browser goes next: Stripe's payment page. */
export const checkoutSessionSchema = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** The answer of both calls on a server without Stripe keys (404). */
export const CARD_PAYMENTS_UNAVAILABLE = 'Paying by card is not available on this server';

/** The query Stripe's return links add to '/': ?payment=success or ?payment=cancelled. */
export const PAYMENT_RETURN_PARAM = 'payment';
export const PAYMENT_RETURNS = ['success', 'cancelled'] as const;
export type PaymentReturn = (typeof PAYMENT_RETURNS)[number];

/** What the tenant's home says after Stripe sends them back. */
export const PAYMENT_RETURN_NOTICES: Record<PaymentReturn, string> = {
  success: 'Thank you: your payment will appear once the card processor confirms it.',
  cancelled: 'Payment cancelled: nothing was charged.',
};
