import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { ledgerEntriesTable } from '../ledger';
import { tenantsTable } from '../tenants';
import { checkoutSessionsTable } from './payments.table';
import {
  PUBLIC_URL,
  startFakeStripe,
  stripeSettings,
  tenantOwing,
  type FakeStripe,
} from './payments.test-helpers';

describe('POST /api/portal/payments/checkout', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let landlord: TestUser;
  let tenant: TestUser;
  let leaseId: number;
  let unitNumber: string;
  /** The fake's default answer, restored before each test. */
  let answer: FakeStripe['answer'];

  beforeAll(async () => {
    fake = await startFakeStripe();
    answer = structuredClone(fake.answer);
    t = await createTestApp(stripeSettings(fake.apiBase));
    t.clock.now = MID_MARCH_NOON;
    [landlord, tenant] = await signUpAll(t, ['Landlord', 'Tenant']);
    ({ leaseId, unitNumber } = await tenantOwing(t, landlord, tenant, 1234.56));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.calls.length = 0;
    fake.answer = structuredClone(answer);
  });

  const checkout = (user: TestUser | null, payload: object = {}) =>
    (user ?? t).request({ method: 'POST', url: '/api/portal/payments/checkout', payload });
  /** Ledger entries and audit events: a refused checkout changes neither. */
  const written = async () => ({
    entries: (await t.database.db.select({ n: count() }).from(ledgerEntriesTable))[0]!.n,
    audit: (await t.database.db.select({ n: count() }).from(auditEventsTable))[0]!.n,
  });

  it("sends Stripe the whole balance, the lease and the tenant's account, and answers its page", async () => {
    const before = await written();
    const response = await checkout(tenant);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3' });

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call!.headers.authorization).toBe('Bearer sk_test_porchlight');
    expect(call!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '123456',
      client_reference_id: String(leaseId),
      'metadata[leaseId]': String(leaseId),
      'metadata[tenantAccountId]': String(tenant.user.id),
      success_url: `${PUBLIC_URL}/?payment=success`,
      cancel_url: `${PUBLIC_URL}/?payment=cancelled`,
    });
    expect(call!.form['line_items[0][price_data][product_data][name]']).toMatch(
      new RegExp(`^Rent for Unit ${unitNumber}, Maple Court \\d+$`),
    );

    // Nothing is paid yet: only the trail says a checkout began.
    expect(await written()).toEqual({ ...before, audit: before.audit + 1 });
    const [event] = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(eq(auditEventsTable.action, 'payments.checkout'));
    expect(event).toMatchObject({
      actorUserId: tenant.user.id,
      entityType: 'leases',
      entityId: leaseId,
      after: { checkoutSessionId: 'cs_test_a1B2c3', amount: 1234.56 },
    });
    const home = await tenant.request({ method: 'GET', url: '/api/portal/home' });
    expect(home.json().balance).toBe(1234.56);
    // The session is stored: the webhook records a payment only for it, and only this amount.
    const sessions = await t.database.db.select().from(checkoutSessionsTable);
    expect(sessions).toEqual([
      expect.objectContaining({
        providerSessionId: 'cs_test_a1B2c3',
        leaseId,
        tenantUserId: tenant.user.id,
        amount: 123456,
        currency: 'usd',
      }),
    ]);
  });

  it('sends the amount the tenant chose, in cents', async () => {
    const response = await checkout(tenant, { amount: 100.1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(fake.calls[0]!.form['line_items[0][price_data][unit_amount]']).toBe('10010');
  });

  it.each([
    [{ amount: 1234.57 }, 'Amount cannot be more than you owe ($1,234.56)'],
    [{ amount: 10.001 }, 'Amount can have at most two decimals'],
    [{ amount: 0 }, 'Amount must be at least $0.50 to pay by card'],
    [{ amount: 0.49 }, 'Amount must be at least $0.50 to pay by card'],
    [{ amount: -5 }, 'Amount cannot be negative'],
    [{ amount: '12' }, undefined],
  ])('refuses %o with 400, asks Stripe nothing and writes nothing', async (body, message) => {
    const before = await written();
    const response = await checkout(tenant, body);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(response.json().errors).toHaveProperty('amount');
    expect(fake.calls).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('refuses a tenant who owes nothing (400), and one with no lease or no link (404)', async () => {
    const [paidUp, noLease, unlinked] = await signUpAll(t, ['Tenant', 'Tenant', 'Tenant']);
    await tenantOwing(t, landlord, paidUp!, 0);
    // A tenant record linked to the account, but no lease on it.
    const record = await createTenant(landlord);
    await t.database.db
      .update(tenantsTable)
      .set({ userId: noLease!.user.id })
      .where(eq(tenantsTable.id, record.id));
    const before = await written();
    const nothingOwed = await checkout(paidUp!);
    expect(nothingOwed.statusCode, nothingOwed.body).toBe(400);
    expect(nothingOwed.json().message).toBe('You owe nothing right now');
    for (const user of [noLease!, unlinked!]) {
      const response = await checkout(user);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('You have no lease to pay rent on');
    }
    expect(fake.calls).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('refuses a visitor (401), a landlord and a maintenance user (403), even naming a lease', async () => {
    const [maintenance] = await signUpAll(t, ['Maintenance']);
    const before = await written();
    expect((await checkout(null)).statusCode).toBe(401);
    for (const user of [landlord, maintenance!]) {
      const response = await checkout(user, { amount: 10, leaseId });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(fake.calls).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it("answers 502 without Stripe's words when Stripe refuses, and writes nothing", async () => {
    fake.answer = {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'secret internal detail' } },
    };
    const before = await written();
    const response = await checkout(tenant);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toBe(
      'The card processor could not be reached. Please try again in a few minutes.',
    );
    expect(response.body).not.toContain('secret internal detail');
    expect(await written()).toEqual(before);
  });
});
