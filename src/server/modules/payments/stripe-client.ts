import Stripe from 'stripe';
import { PAYMENT_RETURN_PARAM } from '../../../shared/schemas/payments';
import type { StripeConfig } from '../../config';
import { CHECKOUT_CURRENCY, type CheckoutTarget } from './payments.service';

/** Long enough for Stripe to answer, short enough that a tenant is not left waiting. */
const STRIPE_TIMEOUT_MS = 15_000;

/** The official client, aimed at `apiBase` when a test or a local stand-in sets one. */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    appInfo: { name: 'Porchlight' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * A Checkout Session for one payment: one line, the amount in cents, and the lease and the
 * tenant's account in its metadata, which the webhook reads back. Stripe sends the tenant to
 * '/' afterwards either way; only the webhook records anything.
 */
export async function createCheckoutSession(
  stripe: Stripe,
  target: CheckoutTarget,
  publicUrl: string,
): Promise<{ id: string; url: string }> {
  const metadata = {
    leaseId: String(target.leaseId),
    tenantAccountId: String(target.tenantAccountId),
  };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: CHECKOUT_CURRENCY,
          unit_amount: target.amount,
          product_data: { name: target.description },
        },
      },
    ],
    client_reference_id: String(target.leaseId),
    metadata,
    payment_intent_data: { metadata, description: target.description },
    success_url: `${publicUrl}/?${PAYMENT_RETURN_PARAM}=success`,
    cancel_url: `${publicUrl}/?${PAYMENT_RETURN_PARAM}=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
  return { id: session.id, url: session.url };
}
