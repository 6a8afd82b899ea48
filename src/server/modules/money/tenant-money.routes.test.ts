import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/ledger';
import type { Statement } from '../../../shared/schemas/money-reports';
import type { LinkedPortalHome } from '../../../shared/schemas/portal';
import { toCents } from '../../../shared/money';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { leasesTable } from '../leases';
import { tenantsTable } from '../tenants';
import { getJson, seedEntries, seedLease, seedProperty, seedTenant } from './money.test-helpers';

describe('what a landlord and a tenant read of a lease’s money', () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenantUser: TestUser;
  let leaseId: number;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, tenantUser] = await signUpAll(t, ['Landlord', 'Tenant']);
    const { units } = await seedProperty(t, landlord, { name: 'Aspen Row' });
    const tenant = await seedTenant(t, units[0]!, { firstName: 'Lena', lastName: 'Okafor' });
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenantUser.user.id })
      .where(eq(tenantsTable.id, tenant.id));
    leaseId = (await seedLease(t, tenant, { rent: 1000 })).id;
    await t.database.db
      .update(leasesTable)
      .set({ deposit: toCents(1050) })
      .where(eq(leasesTable.id, leaseId));
    // Recorded out of date order: a charge dated in March recorded before February's rent,
    // and a payment received in January recorded last.
    ids = await seedEntries(t, leaseId, [
      { kind: 'charge', amount: 1000, entryDate: '2026-01-01' },
      { kind: 'charge', amount: 75, entryDate: '2026-03-05' },
      { kind: 'charge', amount: 1000, entryDate: '2026-02-01' },
      { kind: 'credit', amount: 25, entryDate: '2026-02-01' },
      { kind: 'payment', amount: 900, entryDate: '2026-01-20' },
    ]);
  });
  afterAll(() => t.close());

  const [jan, water, feb, credit, payment] = [0, 1, 2, 3, 4];
  const byDate = () => [ids[jan], ids[payment], ids[feb], ids[credit], ids[water]];

  it('lists the ledger by effective date, then by when recorded, with the balance in that order', async () => {
    const { body } = await getJson<Ledger>(landlord, `/api/leases/${leaseId}/ledger`);
    expect(body.entries.map((entry) => [entry.id, entry.entryDate, entry.runningBalance])).toEqual([
      [ids[jan], '2026-01-01', 1000],
      [ids[payment], '2026-01-20', 100],
      [ids[feb], '2026-02-01', 1100],
      [ids[credit], '2026-02-01', 1075],
      [ids[water], '2026-03-05', 1150],
    ]);
    expect(body.balance).toBe(1150);
  });

  it('runs the statement in the same order from the balance before its range', async () => {
    const { body } = await getJson<Statement>(
      landlord,
      `/api/leases/${leaseId}/statement?from=2026-01-15&to=2026-03-15`,
    );
    expect(body.openingBalance).toBe(1000);
    expect(body.entries.map((entry) => [entry.id, entry.runningBalance])).toEqual([
      [ids[payment], 100],
      [ids[feb], 1100],
      [ids[credit], 1075],
      [ids[water], 1150],
    ]);
    expect(body.closingBalance).toBe(1150);
  });

  it("shows the tenant's ledger in the same order", async () => {
    const { body } = await getJson<LinkedPortalHome>(tenantUser, '/api/portal/home');
    expect(body.ledger.map((line) => line.id)).toEqual(byDate());
    expect(body.ledger.map((line) => line.runningBalance)).toEqual([1000, 100, 1100, 1075, 1150]);
  });

  it('shows the deposit agreed, received and held apart: nothing received is nothing held', async () => {
    const lease = async () =>
      (await getJson<LinkedPortalHome>(tenantUser, '/api/portal/home')).body.lease!;
    expect(await lease()).toMatchObject({
      deposit: 1050,
      depositReceived: 0,
      depositSettled: 0,
      depositHeld: 0,
    });

    const receipt = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/deposit/receipts`,
      payload: { amount: 600, date: '2026-01-02' },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(await lease()).toMatchObject({ deposit: 1050, depositReceived: 600, depositHeld: 600 });

    // Held is received less what the settlement paid out of it (a deduction, the rest returned).
    const settled = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/deposit/settlement`,
      payload: {
        date: '2026-03-14',
        deductions: [{ description: 'Broken blind', amount: 150 }],
        applyToOpenCharges: false,
      },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    expect(await lease()).toMatchObject({
      deposit: 1050,
      depositReceived: 600,
      depositSettled: 600,
      depositHeld: 0,
    });
  });
});
