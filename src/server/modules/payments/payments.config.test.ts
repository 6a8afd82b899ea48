import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://rent.example.com' } as const;
const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('Stripe configuration', () => {
  it('is off without the keys (an empty value counts as unset)', () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe,
    ).toBeNull();
  });

  it('reads both keys', () => {
    expect(loadConfig({ ...base, ...keys }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
  });

  it.each([
    [
      { STRIPE_WEBHOOK_SECRET: undefined },
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    ],
    [{ STRIPE_SECRET_KEY: undefined }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/],
    [{ PUBLIC_URL: undefined }, /STRIPE_SECRET_KEY needs PUBLIC_URL/],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, /STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [{ STRIPE_WEBHOOK_SECRET: 'abc' }, /STRIPE_WEBHOOK_SECRET: must be the signing secret/],
  ])('refuses to start with %o', (change, message) => {
    expect(() => loadConfig({ ...base, ...keys, ...change })).toThrow(message);
  });
});
