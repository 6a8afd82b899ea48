import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import type { LinkedPortalHome } from '../../../shared/schemas/portal';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { tenantsTable } from '../tenants';
import { seedLease, seedProperty, seedTenant } from './money.test-helpers';

describe('what a tenant is told of money: posted charges and credits, and how to pay', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let leaseId: number;
  let unlinkedLeaseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
    const { units } = await seedProperty(t, landlord, { name: 'Linden Court', units: 2 });
    const tenant = await seedTenant(t, units[0]!, { firstName: 'Noor', lastName: 'Haddad' });
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenantUser.user.id })
      .where(eq(tenantsTable.id, tenant.id));
    leaseId = (await seedLease(t, tenant)).id;
    unlinkedLeaseId = (await seedLease(t, await seedTenant(t, units[1]!))).id;
  });
  afterAll(() => t.close());

  const notices = async (user: TestUser, kind: string) => {
    await t.app.jobs.runDueJobs(t.clock.now);
    const response = await user.request({ method: 'GET', url: '/api/notifications?limit=100' });
    expect(response.statusCode).toBe(200);
    return (response.json() as Notification[]).filter((n) => n.kind === kind);
  };
  const post = (user: TestUser, url: string, payload: object) =>
    user.request({ method: 'POST', url, payload });

  it('tells the tenant once of each charge and credit the landlord adds, and nobody else', async () => {
    const charge = await post(landlord, `/api/leases/${leaseId}/ledger/charges`, {
      category: 'utilities',
      amount: 1650,
      entryDate: '2026-03-10',
      description: 'Water, February',
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const credit = await post(landlord, `/api/leases/${leaseId}/ledger/credits`, {
      amount: 25.5,
      entryDate: '2026-03-12',
      description: 'Goodwill',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    await post(landlord, `/api/leases/${unlinkedLeaseId}/ledger/charges`, {
      category: 'fee',
      amount: 10,
      entryDate: '2026-03-10',
      description: 'Key copy',
    });

    const told = await notices(tenantUser, 'ledger.posted');
    expect(told.map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'Credit of $25.50 added',
        'A credit of $25.50 (Goodwill) dated Mar 12, 2026 was added to your ledger for unit 1A at Linden Court.',
        '/',
      ],
      [
        'Charge of $1,650.00 added',
        'A charge of $1,650.00 (Water, February) dated Mar 10, 2026 was added to your ledger for unit 1A at Linden Court.',
        '/',
      ],
    ]);
    expect(await notices(landlord, 'ledger.posted')).toEqual([]);
    // Run again: nothing new.
    expect(await notices(tenantUser, 'ledger.posted')).toHaveLength(2);
  });

  it('lets the tenant turn the email of it off, as for every kind', async () => {
    const kinds = await tenantUser.request({ method: 'GET', url: '/api/notification-preferences' });
    expect(kinds.json()).toContainEqual({
      kind: 'ledger.posted',
      label: 'A charge or credit is added to my ledger',
      email: true,
    });
    const off = await tenantUser.request({
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: [{ kind: 'ledger.posted', email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it("shows the tenant their landlord's own payment instructions, which only the landlord (or an Admin) sets", async () => {
    const home = async () =>
      (
        await tenantUser.request({ method: 'GET', url: '/api/portal/home' })
      ).json() as LinkedPortalHome;
    expect((await home()).landlord.paymentInstructions).toBeNull();

    const url = `/api/users/${landlord.user.id}/payment-instructions`;
    const text = 'Zelle to rent@linden.example\nChecks payable to Linden Court LLC';
    const set = await landlord.request({
      method: 'PUT',
      url,
      payload: { paymentInstructions: `  ${text} ` },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ paymentInstructions: text });
    expect((await landlord.request({ method: 'GET', url })).json()).toEqual({
      paymentInstructions: text,
    });
    expect((await home()).landlord.paymentInstructions).toBe(text);
    const [event] = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityType, 'users'),
          eq(auditEventsTable.entityId, landlord.user.id),
          eq(auditEventsTable.action, 'update'),
        ),
      );
    expect(event).toMatchObject({
      entityType: 'users',
      before: { paymentInstructions: null },
      after: { paymentInstructions: text },
    });

    // Another landlord or the tenant may neither read nor change them; an Admin may.
    for (const user of [other, tenantUser]) {
      expect((await user.request({ method: 'GET', url })).statusCode).toBe(403);
      const refused = await user.request({
        method: 'PUT',
        url,
        payload: { paymentInstructions: 'Pay me' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await admin.request({ method: 'GET', url })).statusCode).toBe(200);
    const tooLong = await landlord.request({
      method: 'PUT',
      url,
      payload: { paymentInstructions: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await home()).landlord.paymentInstructions).toBe(text);

    // Emptied: none again.
    const cleared = await landlord.request({
      method: 'PUT',
      url,
      payload: { paymentInstructions: '' },
    });
    expect(cleared.json()).toEqual({ paymentInstructions: null });
    expect((await home()).landlord.paymentInstructions).toBeNull();
  });
});
