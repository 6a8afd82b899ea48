import { errorBodySchema } from '../../../shared/schemas/common';
import { checkoutBodySchema, checkoutSessionSchema } from '../../../shared/schemas/payments';
import { PORTAL_TENANTS_ONLY } from '../../../shared/schemas/portal';
import { actorOf, runService } from '../../context';
import { AppError } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { requireTenantRole } from '../authz';
import {
  cardPaymentsUnavailable,
  prepareCheckout,
  recordCheckoutStarted,
} from './payments.service';
import { createCheckoutSession, createStripeClient } from './stripe-client';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/**
 * Rent paid by card through Stripe Checkout (docs/product.md, 'Paying rent online'). Both
 * calls exist on every server, so the API document is the same everywhere; without
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET they answer 404.
 */
export async function paymentsRoutes(app: AppInstance): Promise<void> {
  const { stripe: stripeConfig, publicUrl } = app.config;
  const stripe = stripeConfig ? createStripeClient(stripeConfig) : null;

  app.post(
    '/portal/payments/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'A linked tenant starts paying their balance by card: answers the Stripe page',
        description:
          'For a user with the Tenant role (others: 403) whose account is linked to a tenancy with ' +
          'a lease (else 404). amount: what to pay (at least 0.50, at most the balance owed); ' +
          'without it, the whole balance. Answers the url of a Stripe Checkout page; nothing is ' +
          "recorded until Stripe's signed webhook confirms the payment. 404 when this server has " +
          'no Stripe keys; 502 when Stripe cannot be reached.',
        body: checkoutBodySchema,
        response: {
          201: checkoutSessionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!stripe || !publicUrl) throw cardPaymentsUnavailable();
      requireTenantRole(actorOf(request), PORTAL_TENANTS_ONLY);
      const target = await runService(request, prepareCheckout, request.body);
      let session: { id: string; url: string };
      try {
        session = await createCheckoutSession(stripe, target, publicUrl);
      } catch (error) {
        request.log.error({ err: error, leaseId: target.leaseId }, 'Stripe Checkout failed');
        throw new AppError(
          502,
          'payments.processor_unavailable',
          'The card processor could not be reached. Please try again in a few minutes.',
        );
      }
      await runService(request, recordCheckoutStarted, { target, sessionId: session.id });
      return reply.status(201).send({ url: session.url });
    },
  );

  await app.register(stripeWebhookRoutes, { stripe });
}
