import type Stripe from 'stripe';
import { cents } from '../../../shared/money';
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
 * The payment a verified event reports, or why it reports none. Only a paid Checkout Session
 * with an amount counts; whether it is one this server created, and for which lease and
 * amount, is for the stored sessions to say (recordCardPayment). Anything else is acknowledged
 * and left alone.
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
  if (typeof session.currency !== 'string') return { ignored: 'no currency' };
  const amount = session.amount_total;
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) {
    return { ignored: 'no amount' };
  }
  // Kept for the log only: the lease is the stored session's, never what the event claims.
  const claimed: unknown = session.metadata?.leaseId ?? session.client_reference_id;
  return {
    payment: {
      claimedLeaseId: typeof claimed === 'string' ? claimed.slice(0, 20) : null,
      amount: cents(amount),
      currency: session.currency,
      paidAt: new Date(event.created * 1000),
      checkoutSessionId: session.id,
    },
  };
}
