import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../../shared/schemas/money-reports';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import {
  getJson,
  seedEntries,
  seedLease,
  seedProperty,
  seedReversal,
  seedTenant,
} from './money.test-helpers';

describe("a tenant's statement", () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let leaseId: number;
  let ids: number[];
  let reversalId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
    const { units } = await seedProperty(t, landlord, { name: 'Willow Court' });
    const tenant = await seedTenant(t, units[0]!, { firstName: 'Mary', lastName: 'Jackson' });
    leaseId = (await seedLease(t, tenant, { rent: 1100.55 })).id;
    ids = await seedEntries(t, leaseId, [
      { kind: 'charge', amount: 1100.55, entryDate: '2026-01-01' },
      { kind: 'payment', amount: 1000.05, entryDate: '2026-01-31' },
      { kind: 'charge', amount: 1100.55, entryDate: '2026-02-01' },
      { kind: 'credit', amount: 0.1, entryDate: '2026-02-01' },
      { kind: 'payment', amount: 1200, entryDate: '2026-02-28' },
      { kind: 'charge', amount: 1100.55, entryDate: '2026-03-01' },
    ]);
    reversalId = await seedReversal(t, leaseId, ids[4]!, '2026-03-02');
  });
  afterAll(() => t.close());

  const statement = (user: TestUser, query: string, id = leaseId) =>
    getJson<Statement>(user, `/api/leases/${id}/statement${query}`);

  it('opens with the balance before the range, runs through it, and closes exactly', async () => {
    const { body } = await statement(landlord, '?from=2026-02-01&to=2026-02-28');
    expect(body.from).toBe('2026-02-01');
    expect(body.to).toBe('2026-02-28');
    expect(body.openingBalance).toBe(100.5);
    expect(body.entries.map((entry) => [entry.id, entry.delta, entry.runningBalance])).toEqual([
      [ids[2], 1100.55, 1201.05],
      [ids[3], -0.1, 1200.95],
      [ids[4], -1200, 0.95],
    ]);
    expect(body.charged).toBe(1100.55);
    expect(body.paid).toBe(1200.1);
    expect(body.closingBalance).toBe(0.95);
    expect(body).toMatchObject({
      lease: { id: leaseId, status: 'Active', rent: 1100.55, startDate: '2026-01-01' },
      tenant: { firstName: 'Mary', lastName: 'Jackson' },
      unit: { unitNumber: '1A' },
      property: { name: 'Willow Court', city: 'Springfield', state: 'IL' },
    });
  });

  it('shows a reversal on its own date, and closes on the ledger balance', async () => {
    const { body } = await statement(landlord, '?from=2026-03-01&to=2026-03-15');
    expect(body.openingBalance).toBe(0.95);
    expect(body.entries.map((entry) => [entry.id, entry.kind, entry.runningBalance])).toEqual([
      [ids[5], 'charge', 1101.5],
      [reversalId, 'reversal', 2301.5],
    ]);
    expect(body.entries[1]!.reversesId).toBe(ids[4]);
    const { body: ledger } = await getJson<{ balance: number }>(
      landlord,
      `/api/leases/${leaseId}/ledger`,
    );
    expect(body.closingBalance).toBe(ledger.balance);
  });

  it('covers the month of today by default', async () => {
    const { body } = await statement(landlord, '');
    expect([body.from, body.to]).toEqual(['2026-03-01', '2026-03-15']);
    const { body: single } = await statement(landlord, '?from=2026-01-31&to=2026-01-31');
    expect(single.entries.map((entry) => entry.id)).toEqual([ids[1]]);
    expect(single.closingBalance).toBe(100.5);
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/statement?from=2026-03-02&to=2026-03-01`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.from).toBeDefined();
    // Only from given, after today (the default end): also a 400.
    const late = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/statement?from=2026-04-01`,
    });
    expect(late.statusCode).toBe(400);
    const bad = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/statement?from=2026-02-30`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers another landlord's lease as missing; an Admin may read it", async () => {
    const response = await other.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/statement`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Jackson');
    expect((await statement(admin, '')).body.lease.id).toBe(leaseId);
    const missing = await landlord.request({
      method: 'GET',
      url: '/api/leases/999999/statement',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses tenants, maintenance staff and visitors', async () => {
    const url = `/api/leases/${leaseId}/statement`;
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
