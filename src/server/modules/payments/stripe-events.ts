import type Stripe from 'stripe';
import { cents } from '../../../shared/money';
import { MAX_ID } from '../../../shared/schemas/common';
import type { CardPayment } from './payments.service';

/** Events that say a Checkout Session's money has arrived (cards: the first; bank debits: the second). */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Seconds since 1970 of the year 5000: later is not a time Stripe sends. */
const MAX_CREATED = 95_617_584_000;

export type ReadEvent = { payment: CardPayment } | { ignored: string };

/**
 * The payment a verified event reports, or why it reports none. Only a paid session in USD
 * that names a lease counts; anything else is acknowledged and left alone.
 */
export function cardPaymentOf(event: Stripe.Event): ReadEvent {
  // Signed by Stripe, yet still JSON of any shape: nothing here may throw on it.
  if (typeof event !== 'object' || event === null || !PAID_EVENTS.has(event.type)) {
    return { ignored: 'not a payment event' };
  }
  const session = event.data?.object as Stripe.Checkout.Session | undefined;
  if (session?.object !== 'checkout.session' || !/^[\w-]{1,255}$/.test(String(session.id))) {
    return { ignored: 'not a Checkout Session' };
  }
  if (!Number.isSafeInteger(event.created) || event.created <= 0 || event.created > MAX_CREATED) {
    return { ignored: 'no time' };
  }
  if (session.payment_status !== 'paid') return { ignored: 'not paid yet' };
  if (session.currency !== 'usd') return { ignored: 'not in USD' };
  const amount = session.amount_total;
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) {
    return { ignored: 'no amount' };
  }
  const leaseText: unknown = session.metadata?.leaseId ?? session.client_reference_id;
  const leaseId =
    typeof leaseText === 'string' && /^\d{1,10}$/.test(leaseText) ? Number(leaseText) : 0;
  if (leaseId < 1 || leaseId > MAX_ID) return { ignored: 'names no lease' };
  return {
    payment: {
      leaseId,
      amount: cents(amount),
      paidAt: new Date(event.created * 1000),
      checkoutSessionId: session.id,
    },
  };
}
