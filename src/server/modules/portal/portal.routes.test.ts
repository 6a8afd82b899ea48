import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedPortalHome, PortalHome } from '../../../shared/schemas/portal';
import {
  createPropertyWithUnits,
  MID_MARCH_NOON,
  tenantBody,
  signUpAll,
} from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { tenantsTable } from '../tenants';

describe("the tenant's home", () => {
  let t: TestApp;
  let landlord: TestUser;
  let first: TestUser;
  let second: TestUser;
  let unlinked: TestUser;
  let units: { id: number; unitNumber: string }[];
  let propertyId: number;
  let firstTenantId: number;
  let secondTenantId: number;
  let leaseId: number;

  const home = async (user: TestUser, url = '/api/portal/home') => {
    const response = await user.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PortalHome;
  };
  const linkedHome = async (user: TestUser) => {
    const answer = await home(user);
    expect(answer.linked).toBe(true);
    return answer as LinkedPortalHome;
  };

  async function createTenant(unitId: number, firstName: string): Promise<number> {
    const response = await landlord.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unitId, { firstName, lastName: 'Tenant', email: `${firstName}@x.org` }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /**
   * Only an invitation links an account to a tenant record (decision 0011). That flow is
   * being built beside this one, so the test sets tenants.user_id in the database directly.
   */
  async function link(tenantId: number, user: TestUser) {
    await t.database.db
      .update(tenantsTable)
      .set({ userId: user.user.id })
      .where(eq(tenantsTable.id, tenantId));
  }

  async function fileWorkOrder(unitId: number, title: string) {
    const response = await landlord.request({
      method: 'POST',
      url: '/api/work-orders',
      payload: { unitId, title, category: 'Plumbing', priority: 'Urgent', photoIds: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Noon in New York on 2026-03-15.
    t.clock.now = MID_MARCH_NOON;
    [landlord, first, second, unlinked] = await signUpAll(t, [
      'Landlord',
      'Tenant',
      'Tenant',
      'Tenant',
    ]);
    // The landlord hides their email from the public and goes by a business name
    // (docs/product.md section 12).
    const hide = await landlord.request({
      method: 'PUT',
      url: `/api/users/${landlord.user.id}/public-contact`,
      payload: { showEmail: false, showPhone: true, displayName: 'Maple Street Homes' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    ({ propertyId, units } = await createPropertyWithUnits(landlord, ['Available', 'Available']));
    firstTenantId = await createTenant(units[0]!.id, 'Ada');
    secondTenantId = await createTenant(units[1]!.id, 'Grace');
    const lease = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: firstTenantId,
        startDate: '2026-01-10',
        endDate: '2026-12-31',
        rent: 1450.5,
        deposit: 900,
        status: 'Active',
      },
    });
    expect(lease.statusCode, lease.body).toBe(201);
    leaseId = lease.json().id;
  });
  afterAll(() => t.close());

  it('tells a Tenant whose account is not linked to a tenant record so, and nothing more', async () => {
    expect(await home(unlinked)).toEqual({ linked: false });
  });

  it('refuses a visitor (401) and anyone without the Tenant role (403)', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/portal/home' });
    expect(anonymous.statusCode).toBe(401);
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    for (const user of [landlord, maintenance]) {
      const response = await user.request({ method: 'GET', url: '/api/portal/home' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This page is for tenants');
    }
  });

  it("shows a linked tenant their unit, property, landlord's public contact and lease", async () => {
    await link(firstTenantId, first);
    const answer = await linkedHome(first);
    expect(answer.tenant).toEqual({
      id: firstTenantId,
      firstName: 'Ada',
      lastName: 'Tenant',
      email: 'Ada@x.org',
      phoneNumber: '+12125550101',
      movedOut: false,
    });
    expect(answer.unit).toEqual({
      id: units[0]!.id,
      unitNumber: units[0]!.unitNumber,
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
    });
    expect(answer.property).toMatchObject({
      id: propertyId,
      address: '12 Maple St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
    // The hidden email is absent, the shown phone is there; the landlord's chosen name shows.
    expect(answer.landlord).toEqual({
      userName: landlord.user.userName,
      name: 'Maple Street Homes',
      email: null,
      phone: '+12125550100',
      paymentInstructions: null,
    });
    expect(answer.lease).toEqual({
      id: leaseId,
      startDate: '2026-01-10',
      endDate: '2026-12-31',
      rent: 1450.5,
      deposit: 900,
      depositReceived: 0,
      depositSettled: 0,
      depositHeld: 0,
      status: 'Active',
      state: 'active',
      daysLeft: 291,
      recurringCharges: [],
    });
    expect(answer.balance).toBe(0);
    expect(answer.ledger).toEqual([]);
  });

  it('shows the balance and the ledger with running balance after a charge and a payment', async () => {
    const charge = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/charges`,
      payload: {
        category: 'utilities',
        amount: 120.1,
        entryDate: '2026-03-01',
        description: 'Water',
      },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const payment = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/payments`,
      payload: {
        amount: 100.2,
        entryDate: '2026-03-14',
        method: 'check',
        reference: '#1001',
        note: 'Landlord-only remark',
        idempotencyKey: 'portal-payment-1',
      },
    });
    expect(payment.statusCode, payment.body).toBe(201);

    const answer = await linkedHome(first);
    // 120.10 - 100.20, exactly.
    expect(answer.balance).toBe(19.9);
    expect(answer.ledger.map(({ id: _id, ...line }) => line)).toEqual([
      {
        date: '2026-03-01',
        kind: 'charge',
        description: 'Water',
        amount: 120.1,
        runningBalance: 120.1,
      },
      {
        date: '2026-03-14',
        kind: 'payment',
        description: 'Payment, Check #1001',
        amount: -100.2,
        runningBalance: 19.9,
      },
    ]);
    expect(JSON.stringify(answer)).not.toContain('Landlord-only remark');

    // A bounced check: the reversal names what it undoes, and the balance follows.
    const paymentId = answer.ledger[1]!.id;
    const reversal = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/entries/${paymentId}/reversal`,
      payload: { reason: 'Bounced' },
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    const after = await linkedHome(first);
    expect(after.balance).toBe(120.1);
    expect(after.ledger.at(-1)).toMatchObject({
      kind: 'reversal',
      description: 'Undoes the payment of Mar 14, 2026: Bounced',
      amount: 100.2,
      runningBalance: 120.1,
    });
  });

  it("lists the work orders of the tenant's unit, newest first; a second tenant sees only their own", async () => {
    const older = await fileWorkOrder(units[0]!.id, 'Dripping tap');
    t.clock.advance(60_000);
    const newer = await fileWorkOrder(units[0]!.id, 'No hot water');
    const theirs = await fileWorkOrder(units[1]!.id, 'Broken window');
    await link(secondTenantId, second);

    const firstHome = await linkedHome(first);
    expect(firstHome.workOrders.map((w) => [w.id, w.title, w.status, w.priority])).toEqual([
      [newer, 'No hot water', 'New', 'Urgent'],
      [older, 'Dripping tap', 'New', 'Urgent'],
    ]);
    expect(firstHome.workOrders[0]!.createdAt).toBe(t.clock.now.toISOString());

    const secondHome = await linkedHome(second);
    expect(secondHome.tenant.id).toBe(secondTenantId);
    expect(secondHome.unit.id).toBe(units[1]!.id);
    // Grace has no lease yet: no day of the unit is hers, and an order the landlord files
    // there names nobody (docs/product.md section 14), so she sees none of them.
    expect(secondHome.workOrders.map((w) => w.id)).toEqual([]);
    expect(theirs).toBeGreaterThan(newer);
    // Grace has no lease: no lease, nothing owed, no ledger; and nothing of Ada's.
    expect(secondHome.lease).toBeNull();
    expect(secondHome.balance).toBe(0);
    expect(secondHome.ledger).toEqual([]);
    const body = JSON.stringify(secondHome);
    for (const word of ['Ada', 'Water', 'No hot water', 'Dripping tap', String(leaseId)]) {
      expect(body).not.toContain(`"${word}"`);
    }
  });

  it('takes no id from the caller: a query naming another tenant changes nothing', async () => {
    const own = await linkedHome(second);
    const asked = await home(
      second,
      `/api/portal/home?tenantId=${firstTenantId}&id=${firstTenantId}`,
    );
    expect(asked).toEqual(own);
  });

  it('shows a tenant who moved out their ended lease, and no work order filed after they left', async () => {
    const before = (await linkedHome(first)).workOrders.map((w) => w.id);
    const moveOut = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${firstTenantId}/move-out`,
      payload: { moveOutDate: '2026-03-15' },
    });
    expect(moveOut.statusCode, moveOut.body).toBe(200);
    t.clock.advance(24 * 3_600_000);
    // A day later the sessions have gone idle: log in again.
    [landlord, first] = [
      await login(t, landlord.user.userName, landlord.password),
      await login(t, first.user.userName, first.password),
    ];
    // The unit is empty: a new order names nobody, and Ada does not see it.
    await fileWorkOrder(units[0]!.id, 'Repaint before the next tenant');

    const answer = await linkedHome(first);
    expect(answer.tenant.movedOut).toBe(true);
    expect(answer.lease).toMatchObject({ id: leaseId, state: 'ended_early', daysLeft: 0 });
    expect(answer.balance).toBe(120.1);
    expect(answer.workOrders.map((w) => w.id)).toEqual(before);
  });
});
