import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { createTenant, leaseBody, posted } from '../../test/fixtures';
import type { TestApp, TestUser } from '../../test/test-app';
import { tenantsTable } from '../tenants';

export const WEBHOOK_SECRET = 'whsec_porchlight_test_secret';
export const PUBLIC_URL = 'https://rent.example.com';

/** Stripe settings for createTestApp, with the API aimed at `apiBase`. */
export const stripeSettings = (apiBase?: string): Partial<Config> => ({
  stripe: { secretKey: 'sk_test_porchlight', webhookSecret: WEBHOOK_SECRET, apiBase },
  publicUrl: PUBLIC_URL,
});

export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form fields Stripe's client sends, e.g. 'line_items[0][price_data][unit_amount]'. */
  form: Record<string, string>;
}

export interface FakeStripe {
  apiBase: string;
  calls: StripeCall[];
  /** What the next calls answer; by default a new Checkout Session. */
  answer: { status: number; body: object };
  close(): Promise<void>;
}

/**
 * A stand-in for Stripe's API on a local port (this machine cannot reach Stripe): it keeps
 * each request the official client makes and answers a minimal Checkout Session.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const fake: FakeStripe = {
    apiBase: '',
    calls,
    answer: {
      status: 200,
      body: {
        id: 'cs_test_a1B2c3',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
      },
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  // Stripe never answers one session id twice: a repeated one gets a suffix (cs_..._2).
  const answered = new Map<string, number>();
  const unique = (body: object): object => {
    const session = body as { object?: string; id?: string; url?: string };
    if (session.object !== 'checkout.session' || !session.id) return body;
    const seen = (answered.get(session.id) ?? 0) + 1;
    answered.set(session.id, seen);
    if (seen === 1) return body;
    const id = `${session.id}_${seen}`;
    return { ...session, id, url: session.url?.replace(session.id, id) };
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      response.writeHead(fake.answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(unique(fake.answer.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * A tenant account linked to a tenant record with a running lease, owing `owed` (a one-off
 * charge). Only an invitation links an account (decision 0011); the invitation flow has its
 * own tests, so this sets tenants.user_id directly.
 */
export async function tenantOwing(
  t: TestApp,
  landlord: TestUser,
  account: TestUser,
  owed: number,
): Promise<{ leaseId: number; tenantId: number; unitNumber: string }> {
  const tenant = await createTenant(landlord);
  await t.database.db
    .update(tenantsTable)
    .set({ userId: account.user.id })
    .where(eq(tenantsTable.id, tenant.id));
  const { id: leaseId } = await posted(landlord, '/api/leases', leaseBody(tenant.id));
  if (owed > 0) {
    await posted(landlord, `/api/leases/${leaseId}/ledger/charges`, {
      category: 'utilities',
      amount: owed,
      entryDate: '2026-03-01',
      description: 'Water, February',
    });
  }
  return { leaseId, tenantId: tenant.id, unitNumber: tenant.unitNumber };
}
