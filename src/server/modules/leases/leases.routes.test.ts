import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { tenancySnapshot } from '../tenants/tenants.test-helpers';

describe('leases', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
  });
  afterAll(() => t.close());

  async function newTenant(owner: TestUser, overrides: Record<string, unknown> = {}) {
    const { units } = await createPropertyWithUnits(owner);
    const response = await owner.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(units[0]!.id, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      id: number;
      unitNumber: string;
      firstName: string;
      lastName: string;
    };
  }

  const leaseBody = (tenantId: number, overrides: Record<string, unknown> = {}) => ({
    tenantId,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    rent: 1450.5,
    deposit: 2000,
    status: 'Active',
    ...overrides,
  });

  async function createLease(
    owner: TestUser,
    tenantId: number,
    overrides: Record<string, unknown> = {},
  ) {
    const response = await owner.request({
      method: 'POST',
      url: '/api/leases',
      payload: leaseBody(tenantId, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('copies unit number and names from the tenant, whatever the body says, and keeps money exact', async () => {
    const tenant = await newTenant(landlord, { firstName: 'Grace', lastName: 'Hopper' });
    const lease = await createLease(landlord, tenant.id, {
      unitNumber: 'X',
      firstName: 'Mallory',
      lastName: 'Evil',
      rent: 1234.56,
    });
    expect(lease).toMatchObject({
      tenantId: tenant.id,
      unitNumber: tenant.unitNumber,
      firstName: 'Grace',
      lastName: 'Hopper',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 1234.56,
      deposit: 2000,
      status: 'Active',
    });
    const read = await landlord.request({ method: 'GET', url: `/api/leases/${lease.id}` });
    expect(read.json()).toEqual(lease);
  });

  it('refuses an end date before the start date (400) and stores nothing', async () => {
    const tenant = await newTenant(landlord);
    const before = await tenancySnapshot(t);
    const response = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: leaseBody(tenant.id, { startDate: '2026-06-01', endDate: '2026-05-31' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.endDate).toEqual(['End date cannot be before the start date']);
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('validates dates, money and status (400 naming the field)', async () => {
    const tenant = await newTenant(landlord);
    const before = await tenancySnapshot(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ endDate: '31/12/2026' }, 'endDate'],
      [{ rent: -1 }, 'rent'],
      [{ deposit: 10.005 }, 'deposit'],
      [{ rent: '1000' }, 'rent'],
      [{ status: 'Pending' }, 'status'],
      [{ tenantId: undefined }, 'tenantId'],
      [{ tenantId: 2_147_483_648 }, 'tenantId'],
    ];
    for (const [override, field] of cases) {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: leaseBody(tenant.id, override),
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('refuses two Active leases of one tenant that overlap (409), but allows history and non-overlapping ones', async () => {
    const tenant = await newTenant(landlord);
    const first = await createLease(landlord, tenant.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const before = await tenancySnapshot(t);
    const overlapping = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: leaseBody(tenant.id, { startDate: '2026-12-31', endDate: '2027-12-30' }),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toMatch(
      /already has an Active lease from Jan 1, 2026 to Dec 31, 2026/,
    );
    expect(await tenancySnapshot(t)).toEqual(before);

    // An expired lease over the same dates, and the next Active year, are fine.
    await createLease(landlord, tenant.id, { status: 'Expired' });
    const next = await createLease(landlord, tenant.id, {
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });

    // Editing a lease does not clash with itself; editing it onto the other does.
    const self = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${first.id}`,
      payload: leaseBody(tenant.id, { rent: 1500 }),
    });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().rent).toBe(1500);
    const clash = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${next.id}`,
      payload: leaseBody(tenant.id, { startDate: '2026-06-01', endDate: '2027-12-31' }),
    });
    expect(clash.statusCode).toBe(409);
    // Terminating the first lease lets the second one move.
    await landlord.request({
      method: 'PUT',
      url: `/api/leases/${first.id}`,
      payload: leaseBody(tenant.id, { status: 'Terminated' }),
    });
    const moved = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${next.id}`,
      payload: leaseBody(tenant.id, { startDate: '2026-06-01', endDate: '2027-12-31' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('two Active leases of different tenants may overlap', async () => {
    const a = await newTenant(landlord);
    const b = await newTenant(landlord);
    await createLease(landlord, a.id);
    await createLease(landlord, b.id);
  });

  it('answers 401 without a session and 403 for a Tenant user', async () => {
    const tenant = await newTenant(landlord);
    const lease = await createLease(landlord, tenant.id);
    for (const [method, url] of [
      ['GET', '/api/leases'],
      ['GET', `/api/leases/${lease.id}`],
      ['POST', '/api/leases'],
      ['PUT', `/api/leases/${lease.id}`],
      ['DELETE', `/api/leases/${lease.id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? leaseBody(tenant.id) : undefined;
      expect((await t.request({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await tenantUser.request({ method, url, payload })).statusCode).toBe(403);
    }
  });

  it("a landlord cannot see, change or delete another landlord's lease, nor lease their tenant (404)", async () => {
    const tenant = await newTenant(landlord);
    const lease = await createLease(landlord, tenant.id, {
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    const before = await tenancySnapshot(t);
    for (const [method, url, payload] of [
      ['GET', `/api/leases/${lease.id}`, undefined],
      ['PUT', `/api/leases/${lease.id}`, leaseBody(tenant.id, { rent: 1 })],
      ['DELETE', `/api/leases/${lease.id}`, undefined],
      [
        'POST',
        '/api/leases',
        leaseBody(tenant.id, { startDate: '2030-01-01', endDate: '2030-12-31' }),
      ],
    ] as const) {
      expect((await other.request({ method, url, payload })).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect(await tenancySnapshot(t)).toEqual(before);

    const theirs = await newTenant(other);
    // Moving one's own lease onto another landlord's tenant is refused too.
    const hijack = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${lease.id}`,
      payload: leaseBody(theirs.id),
    });
    expect(hijack.statusCode).toBe(404);

    const list = (await other.request({ method: 'GET', url: '/api/leases' })).json();
    expect(list.map((l: { id: number }) => l.id)).not.toContain(lease.id);
    const all = (await admin.request({ method: 'GET', url: '/api/leases' })).json();
    expect(all.map((l: { id: number }) => l.id)).toContain(lease.id);
  });

  it('deletes a lease (204), after which the tenant can be deleted', async () => {
    const tenant = await newTenant(landlord);
    const lease = await createLease(landlord, tenant.id);
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}` })).statusCode,
    ).toBe(409);
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/leases/${lease.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await landlord.request({ method: 'GET', url: `/api/leases/${lease.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}` })).statusCode,
    ).toBe(204);
  });

  it('lists leases in a fixed number of queries, however many there are', async () => {
    const tenant = await newTenant(landlord);
    for (let year = 2030; year < 2036; year++) {
      await createLease(landlord, tenant.id, {
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
      });
    }
    t.queries.length = 0;
    const response = await landlord.request({ method: 'GET', url: '/api/leases' });
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBeGreaterThanOrEqual(6);
    // Session lookup plus one select.
    expect(t.queries.length).toBeLessThanOrEqual(3);
  });

  describe('GET /api/leases/{id}/deletion', () => {
    const preview = (user: TestUser | TestApp, id: number) =>
      user.request({ method: 'GET', url: `/api/leases/${id}/deletion` });

    it('a lease with ledger and deposit records is blocked in the words of the 409; one without is free', async () => {
      const tenant = await newTenant(landlord);
      const lease = await createLease(landlord, tenant.id);
      expect((await preview(landlord, lease.id)).json()).toEqual({ blockers: [], removes: [] });
      for (const amount of [40, 25]) {
        const charge = await landlord.request({
          method: 'POST',
          url: `/api/leases/${lease.id}/ledger/charges`,
          payload: { category: 'utilities', amount, entryDate: '2026-02-01', description: 'Water' },
        });
        expect(charge.statusCode, charge.body).toBe(201);
      }
      const receipt = await landlord.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/deposit/receipts`,
        payload: { amount: 500, date: '2026-01-02' },
      });
      expect(receipt.statusCode, receipt.body).toBeLessThan(300);
      const before = await tenancySnapshot(t);
      const response = await preview(landlord, lease.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        blockers: [
          {
            kind: 'moneyRecords',
            count: 3,
            message:
              'This lease has 3 ledger and deposit records and cannot be deleted; set its status to Terminated instead.',
          },
        ],
        removes: [],
      });
      const refusal = await landlord.request({ method: 'DELETE', url: `/api/leases/${lease.id}` });
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json()).toEqual({
        code: 'leases.has_ledger',
        message: response.json().blockers[0].message,
      });
      expect(await tenancySnapshot(t)).toEqual(before);
    });

    it('answers 404 to another landlord, 401/403 to a visitor and a Tenant; an Admin may look', async () => {
      const tenant = await newTenant(landlord);
      const lease = await createLease(landlord, tenant.id);
      expect((await preview(other, lease.id)).statusCode).toBe(404);
      expect((await preview(t, lease.id)).statusCode).toBe(401);
      expect((await preview(tenantUser, lease.id)).statusCode).toBe(403);
      expect((await preview(admin, lease.id)).statusCode).toBe(200);
    });
  });
});
