import type Stripe from 'stripe';
import { errorBodySchema } from '../../../shared/schemas/common';
import { webhookReceivedSchema } from '../../../shared/schemas/payments';
import { runAsSystem } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { cardPaymentsUnavailable, recordCardPayment } from './payments.service';
import { cardPaymentOf } from './stripe-events';

const BAD_SIGNATURE = () =>
  badRequest('payments.bad_signature', 'The Stripe-Signature header is missing or invalid');

/**
 * Stripe's webhook: the only way a card payment reaches the ledger. Stripe signs the exact
 * bytes it sends, so this plugin (and no other route) reads its body raw.
 */
export async function stripeWebhookRoutes(
  app: AppInstance,
  { stripe }: { stripe: Stripe | null },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook: records a paid Checkout Session as a card payment, once",
        description:
          'Called by Stripe, not by people: the body must carry a valid Stripe-Signature (else ' +
          '400, nothing recorded). checkout.session.completed with payment_status paid records ' +
          'the payment only for a Checkout Session this server created, on the lease it was ' +
          'created for, when the amount and currency are the ones it asked for (never from the ' +
          "session's metadata or client_reference_id); a replay records nothing new; other " +
          'events, and sessions this server did not create, are acknowledged and ignored. ' +
          '404 when this server has no Stripe keys.',
        response: { 200: webhookReceivedSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const config = app.config.stripe;
      if (!stripe || !config) throw cardPaymentsUnavailable();
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw BAD_SIGNATURE();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, config.webhookSecret);
      } catch {
        request.log.warn('Stripe webhook with a bad signature refused');
        throw BAD_SIGNATURE();
      }
      const read = cardPaymentOf(event);
      const log = { stripeEvent: event?.id, type: event?.type };
      if ('ignored' in read) {
        request.log.info({ ...log, reason: read.ignored }, 'Stripe event ignored');
        return { received: true as const };
      }
      const { payment } = read;
      const about = {
        ...log,
        checkoutSession: payment.checkoutSessionId,
        claimedLeaseId: payment.claimedLeaseId,
      };
      try {
        const outcome = await runAsSystem(
          app.db,
          { name: 'stripe-webhook', now: app.config.now(), timeZone: app.config.timeZone },
          recordCardPayment,
          payment,
        );
        if ('ignored' in outcome) {
          // A paid session this server did not make, or not for this amount: never recorded.
          request.log.warn(
            {
              ...about,
              reason: outcome.ignored,
              amount: payment.amount,
              currency: payment.currency,
            },
            'paid Checkout Session not recorded',
          );
        } else {
          request.log.info(
            { ...about, leaseId: outcome.leaseId, recorded: outcome.recorded },
            outcome.recorded ? 'card payment recorded' : 'card payment already recorded',
          );
        }
      } catch (error) {
        // Acknowledged all the same: Stripe would retry for days a lease that will not appear.
        if (!(error instanceof AppError && error.statusCode < 500)) throw error;
        request.log.warn({ ...about, code: error.code }, 'paid Checkout Session not recorded');
      }
      return { received: true as const };
    },
  );
}
