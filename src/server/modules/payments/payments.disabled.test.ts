import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { stripeSettings, tenantOwing, WEBHOOK_SECRET } from './payments.test-helpers';

describe('card payments on a server without Stripe keys', () => {
  let t: TestApp;
  let tenant: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    let landlord: TestUser;
    [landlord, tenant] = await signUpAll(t, ['Landlord', 'Tenant']);
    await tenantOwing(t, landlord, tenant, 800);
  });
  afterAll(() => t.close());

  it('says so on GET /api/features', async () => {
    const response = await t.request({ method: 'GET', url: '/api/features' });
    expect(response.json()).toMatchObject({ cardPayments: false });
  });

  it('answers 404 to a tenant who owes money, and to a correctly signed webhook', async () => {
    const checkout = await tenant.request({
      method: 'POST',
      url: '/api/portal/payments/checkout',
      payload: {},
    });
    expect(checkout.statusCode, checkout.body).toBe(404);
    expect(checkout.json().message).toBe('Paying by card is not available on this server');

    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: {} });
    const webhook = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    expect(webhook.statusCode, webhook.body).toBe(404);
  });
});

describe('card payments on a server with Stripe keys', () => {
  it('says so on GET /api/features', async () => {
    const t = await createTestApp(stripeSettings());
    try {
      const response = await t.request({ method: 'GET', url: '/api/features' });
      expect(response.json()).toMatchObject({ cardPayments: true });
    } finally {
      await t.close();
    }
  });
});
