import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/ledger';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { jobsTable } from '../jobs';
import { ledgerEntriesTable } from '../ledger';
import { toCents } from '../../../shared/money';
import { checkoutSessionsTable } from './payments.table';
import { stripeSettings, tenantOwing, WEBHOOK_SECRET } from './payments.test-helpers';

/** Only the library's own helpers: signing needs no API call. */
const stripe = new Stripe('sk_test_porchlight');

describe("Stripe's webhook", () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenant: TestUser;
  let neighbour: TestUser;
  let leaseId: number;
  let neighbourLeaseId: number;
  let sessions = 0;

  beforeAll(async () => {
    t = await createTestApp(stripeSettings());
    t.clock.now = MID_MARCH_NOON;
    [landlord, tenant, neighbour] = await signUpAll(t, ['Landlord', 'Tenant', 'Tenant']);
    ({ leaseId } = await tenantOwing(t, landlord, tenant, 1200));
    ({ leaseId: neighbourLeaseId } = await tenantOwing(t, landlord, neighbour, 900));
  });
  afterAll(() => t.close());

  /** A Checkout Session event as Stripe sends it (only the fields the webhook reads, and ids). */
  function sessionEvent(
    overrides: { type?: string; created?: Date; session?: Record<string, unknown> } = {},
  ) {
    const id = `cs_test_${++sessions}xYz`;
    return {
      id: `evt_${sessions}aBc`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: overrides.type ?? 'checkout.session.completed',
      created: Math.floor((overrides.created ?? MID_MARCH_NOON).getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          currency: 'usd',
          amount_total: 50025,
          client_reference_id: String(leaseId),
          metadata: { leaseId: String(leaseId), tenantAccountId: String(tenant.user.id) },
          ...overrides.session,
        },
      },
    };
  }

  /**
   * A session event for a Checkout Session this server created, stored as POST
   * /api/portal/payments/checkout stores it: for `stored.leaseId` (the tenant's lease) and the
   * event's amount, unless told otherwise.
   */
  async function storedSessionEvent(
    overrides: Parameters<typeof sessionEvent>[0] = {},
    stored: { leaseId?: number; amount?: number; currency?: string } = {},
  ) {
    const event = sessionEvent(overrides);
    const session = event.data.object;
    await t.database.db.insert(checkoutSessionsTable).values({
      providerSessionId: session.id,
      leaseId: stored.leaseId ?? leaseId,
      tenantUserId: tenant.user.id,
      amount: toCents(stored.amount ?? Number(session.amount_total) / 100),
      currency: stored.currency ?? 'usd',
    });
    return event;
  }

  function deliver(
    event: object,
    {
      secret = WEBHOOK_SECRET,
      payload = JSON.stringify(event),
      timestamp = undefined as number | undefined,
    } = {},
  ) {
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret,
      timestamp,
    });
    return t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      // The content type exactly as Stripe sends it.
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
  }

  const payments = () =>
    t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(and(eq(ledgerEntriesTable.leaseId, leaseId), eq(ledgerEntriesTable.kind, 'payment')))
      .orderBy(ledgerEntriesTable.id);
  const auditCount = async () =>
    (await t.database.db.select({ n: count() }).from(auditEventsTable))[0]!.n;
  const ledger = async () =>
    (
      await landlord.request({ method: 'GET', url: `/api/leases/${leaseId}/ledger` })
    ).json() as Ledger;

  it('records a paid Checkout Session once, as a card payment dated in the landlord calendar', async () => {
    // 03:00 UTC on the 15th is still the 14th in New York.
    const event = await storedSessionEvent({ created: new Date('2026-03-15T03:00:00Z') });
    const balanceBefore = (await ledger()).balance;
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const [payment, ...more] = await payments();
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      method: 'card',
      amount: 50025,
      entryDate: '2026-03-14',
      reference: event.data.object.id,
      idempotencyKey: `stripe_${event.data.object.id}`,
      createdByUserId: null,
    });
    expect((await ledger()).balance).toBe(balanceBefore - 500.25);

    const [audit] = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(eq(auditEventsTable.action, 'ledger.payment'));
    expect(audit).toMatchObject({
      actorKind: 'system',
      actorName: 'stripe-webhook',
      entityType: 'leases',
      entityId: leaseId,
    });
    // The ledger's own 'payment recorded' notice to the tenant, queued in the same transaction.
    const [notice] = await t.database.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.key, `notify:payment-recorded:${payment!.id}`));
    expect(notice?.payload).toMatchObject({ userId: tenant.user.id, kind: 'payments.recorded' });

    const home = await tenant.request({ method: 'GET', url: '/api/portal/home' });
    expect(home.json().balance).toBe(balanceBefore - 500.25);
  });

  it('records nothing new for a replayed event, or a second event about the same session', async () => {
    const event = await storedSessionEvent({ session: { amount_total: 1000 } });
    expect((await deliver(event)).statusCode).toBe(200);
    const before = { payments: await payments(), audit: await auditCount() };

    const replay = await deliver(event);
    expect(replay.statusCode, replay.body).toBe(200);
    const sameSession = await deliver({
      ...event,
      id: 'evt_other',
      type: 'checkout.session.async_payment_succeeded',
    });
    expect(sameSession.statusCode, sameSession.body).toBe(200);
    const [first, second] = await Promise.all([deliver(event), deliver(event)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    expect(await payments()).toEqual(before.payments);
    expect(await auditCount()).toBe(before.audit);
  });

  it('refuses a bad, stale or missing signature with 400 and records nothing', async () => {
    const before = { payments: await payments(), audit: await auditCount() };
    const event = await storedSessionEvent();
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    // The signature was made for the original bytes: a changed amount no longer matches.
    const tampered = await deliver(event, {
      payload: JSON.stringify({
        ...event,
        data: { object: { ...event.data.object, amount_total: 1 } },
      }),
    });
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    const garbage = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: 'not json at all',
    });
    for (const response of [wrongSecret, tampered, stale, unsigned, garbage]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'payments.bad_signature',
        message: 'The Stripe-Signature header is missing or invalid',
      });
    }
    expect(await payments()).toEqual(before.payments);
    expect(await auditCount()).toBe(before.audit);
  });

  it('acknowledges and ignores a session naming an unknown lease, and events that are no payment', async () => {
    const before = { payments: await payments(), audit: await auditCount() };
    const events = [
      sessionEvent({ session: { metadata: { leaseId: '999999' }, client_reference_id: '999999' } }),
      sessionEvent({ session: { metadata: {}, client_reference_id: 'lease-x' } }),
      sessionEvent({ session: { payment_status: 'unpaid' } }),
      sessionEvent({ session: { currency: 'eur' } }),
      sessionEvent({ type: 'checkout.session.expired' }),
      {
        ...sessionEvent({ type: 'payment_intent.succeeded' }),
        data: { object: { id: 'pi_1', object: 'payment_intent', amount: 50025 } },
      },
    ];
    for (const event of events) {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(await payments()).toEqual(before.payments);
    expect(await auditCount()).toBe(before.audit);
  });
  const paymentsOn = (id: number) =>
    t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(and(eq(ledgerEntriesTable.leaseId, id), eq(ledgerEntriesTable.kind, 'payment')));

  it('records a stored session on its own lease, whatever lease its metadata or client_reference_id name', async () => {
    const before = await paymentsOn(neighbourLeaseId);
    const event = await storedSessionEvent({
      session: {
        amount_total: 3000,
        metadata: { leaseId: String(neighbourLeaseId), tenantAccountId: String(neighbour.user.id) },
        client_reference_id: String(neighbourLeaseId),
      },
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentsOn(neighbourLeaseId)).toEqual(before);
    expect((await payments()).at(-1)).toMatchObject({
      amount: 3000,
      reference: event.data.object.id,
    });
  });

  it('records nothing for a paid session this server did not create, naming a lease in metadata or client_reference_id', async () => {
    const before = {
      mine: await payments(),
      theirs: await paymentsOn(neighbourLeaseId),
      audit: await auditCount(),
    };
    // A Payment Link lets the payer set client_reference_id; metadata is whatever the maker wrote.
    const unknown = [
      sessionEvent({ session: { amount_total: 90000 } }),
      sessionEvent({
        session: {
          amount_total: 90000,
          metadata: {},
          client_reference_id: String(neighbourLeaseId),
        },
      }),
      sessionEvent({
        session: {
          amount_total: 90000,
          metadata: { leaseId: String(neighbourLeaseId) },
          client_reference_id: null,
        },
      }),
    ];
    for (const event of unknown) {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(await payments()).toEqual(before.mine);
    expect(await paymentsOn(neighbourLeaseId)).toEqual(before.theirs);
    expect(await auditCount()).toBe(before.audit);
  });

  it('records nothing when the paid amount or currency is not the one the stored session asked for', async () => {
    const before = { payments: await payments(), audit: await auditCount() };
    const tricks = [
      // Stored for $500.25, the event says $5.
      await storedSessionEvent({ session: { amount_total: 500 } }, { amount: 500.25 }),
      // Stored for $5, the event says $500.25: a larger payment than was asked is not recorded either.
      await storedSessionEvent({ session: { amount_total: 50025 } }, { amount: 5 }),
      await storedSessionEvent({ session: { currency: 'eur' } }),
      await storedSessionEvent({}, { currency: 'eur' }),
    ];
    for (const event of tricks) {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await payments()).toEqual(before.payments);
    expect(await auditCount()).toBe(before.audit);
  });

  it('never fails on correctly signed JSON of any shape, and records nothing from it', async () => {
    const before = { payments: await payments(), audit: await auditCount() };
    const session = sessionEvent();
    const shapes = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      // A paid session with one field of any value.
      fc
        .tuple(fc.constantFrom(...Object.keys(session.data.object)), fc.jsonValue({ maxDepth: 2 }))
        .map(([key, value]) => ({
          ...session,
          data: { object: { ...session.data.object, amount_total: 0, [key]: value } },
        })),
      fc
        .tuple(fc.constantFrom('created', 'data', 'type', 'id'), fc.jsonValue({ maxDepth: 2 }))
        .map(([key, value]) => ({
          ...session,
          data: { object: { ...session.data.object, amount_total: null } },
          [key]: value,
        })),
    );
    await fc.assert(
      fc.asyncProperty(shapes, async (value) => {
        const response = await deliver(value as object);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 60, examples: [[null], [[]], ['text'], [5], [{}]] },
    );
    expect(await payments()).toEqual(before.payments);
    expect(await auditCount()).toBe(before.audit);
  });
});
