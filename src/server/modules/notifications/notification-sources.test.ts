import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { createPropertyWithUnits, MID_MARCH_NOON, tenantBody } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { tenantsTable } from '../tenants';

const DAY = 86_400_000;

/** The events that notify on their own: a payment, a lease near its end, overdue rent. */
describe('notification sources', () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenant: TestUser;
  let leaseId: number;
  let unlinkedLeaseId: number;

  const notifications = async (user: TestUser, kind: string) => {
    const response = await user.request({ method: 'GET', url: '/api/notifications?limit=100' });
    expect(response.statusCode).toBe(200);
    return (response.json() as Notification[]).filter((n) => n.kind === kind);
  };
  /** A day later; sessions idle that long have ended, so everyone logs in again. */
  const nextDay = async () => {
    t.clock.advance(DAY);
    landlord = await login(t, landlord.user.userName, landlord.password);
    tenant = await login(t, tenant.user.userName, tenant.password);
  };
  const runJobs = async () => {
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);
  };

  async function lease(unitId: number, firstName: string, endDate: string) {
    const created = await landlord.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unitId, { firstName, lastName: 'Renter', email: `${firstName}@x.org` }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: created.json().id,
        startDate: '2026-01-01',
        endDate,
        rent: 1000,
        deposit: 500,
        status: 'Active',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { tenantId: created.json().id as number, leaseId: response.json().id as number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Noon in New York on 2026-03-15.
    t.clock.now = MID_MARCH_NOON;
    landlord = await signUpAndLogin(t, 'Landlord');
    tenant = await signUpAndLogin(t, 'Tenant');
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const linked = await lease(units[0]!.id, 'Lina', '2026-04-30');
    leaseId = linked.leaseId;
    unlinkedLeaseId = (await lease(units[1]!.id, 'Uma', '2026-12-31')).leaseId;
    // Only an invitation links accounts in the product; here the link is set directly.
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenant.user.id })
      .where(eq(tenantsTable.id, linked.tenantId));
  });
  afterAll(() => t?.close());

  it('a recorded payment notifies the tenant’s linked account once, even when the POST is retried', async () => {
    const pay = () =>
      landlord.request({
        method: 'POST',
        url: `/api/leases/${leaseId}/ledger/payments`,
        payload: {
          amount: 250.5,
          entryDate: '2026-03-14',
          method: 'check',
          idempotencyKey: 'payment-notify-1',
        },
      });
    expect((await pay()).statusCode).toBe(201);
    expect([200, 201]).toContain((await pay()).statusCode);
    await runJobs();
    const [notice, ...more] = await notifications(tenant, 'payments.recorded');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Payment of $250.50 recorded',
      body: expect.stringContaining('Your payment of $250.50 received Mar 14, 2026 was recorded'),
      link: '/',
    });
    // The landlord who recorded it is not told about it.
    expect(await notifications(landlord, 'payments.recorded')).toEqual([]);
  });

  it('a payment on an unlinked tenant’s lease notifies nobody', async () => {
    const response = await landlord.request({
      method: 'POST',
      url: `/api/leases/${unlinkedLeaseId}/ledger/payments`,
      payload: {
        amount: 10,
        entryDate: '2026-03-14',
        method: 'cash',
        idempotencyKey: 'unlinked-1',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    await runJobs();
    expect(await notifications(tenant, 'payments.recorded')).toHaveLength(1);
    expect(await notifications(landlord, 'payments.recorded')).toHaveLength(0);
  });

  it('a lease ending within 60 days is told to its tenant and owner once, and one ending later to nobody', async () => {
    await runJobs();
    await nextDay();
    await runJobs();
    const [toTenant, ...moreTenant] = await notifications(tenant, 'leases.ending_soon');
    expect(moreTenant).toEqual([]);
    expect(toTenant).toMatchObject({
      title: 'Your lease ends soon',
      body: expect.stringContaining('ends Apr 30, 2026 (in 46 days)'),
    });
    const toLandlord = await notifications(landlord, 'leases.ending_soon');
    expect(toLandlord).toHaveLength(1);
    expect(toLandlord[0]).toMatchObject({
      title: 'Lease ends soon: Lina Renter',
      link: `/lease/${leaseId}`,
    });
  });

  it('rent still open five days after it was due is told to the tenant once per charge', async () => {
    // By now the rent job has posted January to March; the payment settled part of January.
    await nextDay();
    await runJobs();
    await nextDay();
    await runJobs();
    const overdue = await notifications(tenant, 'charges.overdue');
    // Only March's charge became overdue recently; older debts are not told all at once.
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({
      title: 'Rent is overdue',
      body: expect.stringContaining('Rent due Mar 1, 2026'),
    });
    expect(overdue[0]!.body).toContain('$1,000.00 unpaid');
    expect(await notifications(landlord, 'charges.overdue')).toEqual([]);
  });

  it('rent paid in full is not overdue', async () => {
    const pay = await landlord.request({
      method: 'POST',
      url: `/api/leases/${unlinkedLeaseId}/ledger/payments`,
      payload: {
        amount: 5000,
        entryDate: '2026-03-15',
        method: 'cash',
        idempotencyKey: 'paid-up-1',
      },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await nextDay();
    // Uma's account is linked now: she owes nothing, so she hears nothing.
    const uma = await signUpAndLogin(t, 'Tenant');
    const [row] = await t.database.db
      .select({ tenantId: tenantsTable.id })
      .from(tenantsTable)
      .where(eq(tenantsTable.firstName, 'Uma'));
    await t.database.db
      .update(tenantsTable)
      .set({ userId: uma.user.id })
      .where(eq(tenantsTable.id, row!.tenantId));
    await runJobs();
    expect(await notifications(uma, 'charges.overdue')).toEqual([]);
  });
});
