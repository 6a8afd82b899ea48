import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaseListItem } from '../../../shared/schemas/leases';
import { createPropertyWithUnits, tenantBody, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

const HEADER = 'Tenant,Unit #,Property,Start,End,Rent,Deposit,Status';
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the leases CSV download', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenantIds: number[];

  const lease = (owner: TestUser, tenantId: number, terms: Record<string, unknown>) =>
    posted(owner, '/api/leases', {
      tenantId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 1450.5,
      deposit: 2000,
      status: 'Active',
      ...terms,
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-24T15:00:00Z');
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    tenantIds = [];
    for (const [i, name] of ['Lovelace', 'Hopper'].entries()) {
      tenantIds.push(
        (await posted(landlord, '/api/tenants', tenantBody(units[i]!.id, { lastName: name }))).id,
      );
    }
    await lease(landlord, tenantIds[0]!, {});
    await lease(landlord, tenantIds[1]!, {
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      rent: 999.99,
      deposit: 0.1,
    });
    const theirs = await createPropertyWithUnits(other);
    const stranger = await posted(
      other,
      '/api/tenants',
      tenantBody(theirs.units[0]!.id, { firstName: 'Stranger' }),
    );
    await lease(other, stranger.id, {});
  });
  afterAll(() => t?.close());

  it("writes the screen's columns with exact money and the lease's state, newest start first", async () => {
    const response = await landlord.request({ method: 'GET', url: '/api/leases.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="leases-2026-11-24.csv"',
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        /^Ada Hopper,102,Maple Court \d+,2027-02-01,2028-01-31,999\.99,0\.10,Upcoming$/,
      ),
      expect.stringMatching(
        /^Ada Lovelace,101,Maple Court \d+,2026-01-01,2026-12-31,1450\.50,2000\.00,Ending soon$/,
      ),
    ]);
    expect(response.body).not.toContain('Stranger');
  });

  it('holds the same rows as the list with the same filters', async () => {
    for (const query of [
      'startFrom=2027-01-01',
      'q=lovelace',
      `tenantId=${tenantIds[0]}`,
      'sort=rent',
    ]) {
      const list = await landlord.request({ method: 'GET', url: `/api/leases?${query}` });
      const csv = await landlord.request({ method: 'GET', url: `/api/leases.csv?${query}` });
      expect(csv.statusCode, query).toBe(200);
      const fromList = (list.json() as LeaseListItem[]).map(
        (l) => `${l.firstName} ${l.lastName},${l.unitNumber}`,
      );
      expect(fromList.length, query).toBeGreaterThan(0);
      expect(
        lines(csv.body)
          .slice(1)
          .map((row) => row.split(',').slice(0, 2).join(',')),
        query,
      ).toEqual(fromList);
    }
    const filtered = await landlord.request({
      method: 'GET',
      url: '/api/leases.csv?startFrom=2027-01-01',
    });
    expect(lines(filtered.body)).toHaveLength(2);
  });

  it("answers 404 for another landlord's tenant, 400 for a bad date, and refuses non-managers", async () => {
    expect(
      (await other.request({ method: 'GET', url: `/api/leases.csv?tenantId=${tenantIds[0]}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await landlord.request({ method: 'GET', url: '/api/leases.csv?endTo=31-12-2026' }))
        .statusCode,
    ).toBe(400);
    const tenant = await signUpAndLogin(t, 'Tenant');
    expect((await tenant.request({ method: 'GET', url: '/api/leases.csv' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/leases.csv' })).statusCode).toBe(401);
  });
});
