import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../shared/schemas/dashboard';
import type { Ledger } from '../../../shared/schemas/ledger';
import type { LinkedPortalHome } from '../../../shared/schemas/portal';
import type { RentRollRow } from '../../../shared/schemas/money-reports';
import type { WorkOrder } from '../../../shared/schemas/work-orders';
import {
  createPropertyWithUnits,
  leaseBody,
  posted,
  signUpAll,
  tenantBody,
} from '../../test/fixtures';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { tenantsTable } from '../tenants';

/**
 * The five ways the product used to answer "who rents this unit, when" wrongly (each failed
 * before leases had a unit of their own and lease state was read from dates; docs/decisions/0014).
 */
describe('one truth about who rents what, and when', () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenantUser: TestUser;

  /** Noon in New York on `day`; sessions idle out meanwhile, so everyone logs in again. */
  async function at(day: string) {
    t.clock.now = new Date(`${day}T17:00:00Z`);
    landlord = await login(t, landlord.user.userName, landlord.password);
    tenantUser = await login(t, tenantUser.user.userName, tenantUser.password);
  }

  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await user.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const put = (user: TestUser, url: string, payload: object) =>
    user.request({ method: 'PUT', url, payload });

  async function tenantOn(unitId: number, firstName: string): Promise<number> {
    return (
      await posted(
        landlord,
        '/api/tenants',
        tenantBody(unitId, { firstName, email: `${firstName}@x.org` }),
      )
    ).id;
  }
  const leaseFor = (tenantId: number, terms: Record<string, unknown>) =>
    posted<{ id: number }>(landlord, '/api/leases', leaseBody(tenantId, terms));
  const fileOn = (unitId: number, title: string) =>
    posted<WorkOrder>(landlord, '/api/work-orders', {
      unitId,
      title,
      category: 'Plumbing',
      priority: 'Routine',
      photoIds: [],
    });
  const rentCharges = async (leaseId: number) =>
    (await get<Ledger>(landlord, `/api/leases/${leaseId}/ledger`)).entries
      .filter((e) => e.category === 'rent')
      .map((e) => [e.period, e.amount]);
  /** The next hour's jobs (each recurring job runs once an hour). */
  async function runJobs() {
    t.clock.advance(3_600_000);
    await t.app.jobs.runDueJobs(t.clock.now);
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-01-02T17:00:00Z');
    [landlord, tenantUser] = await signUpAll(t, ['Landlord', 'Tenant']);
  });
  afterAll(() => t.close());

  it('1. a lease stays on its unit: a tenant with a running lease is not moved by an edit', async () => {
    await at('2026-03-02');
    const first = await createPropertyWithUnits(landlord);
    const second = await createPropertyWithUnits(landlord);
    const tenantId = await tenantOn(first.units[0]!.id, 'Moana');
    const lease = await leaseFor(tenantId, { startDate: '2026-02-01', endDate: '2027-01-31' });
    await posted(landlord, `/api/leases/${lease.id}/ledger/charges`, {
      category: 'other',
      amount: 77,
      entryDate: '2026-03-02',
      description: 'Key copy',
    });

    const moved = await put(landlord, `/api/tenants/${tenantId}`, {
      ...tenantBody(second.units[0]!.id, { firstName: 'Moana', email: 'Moana@x.org' }),
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toContain('use Move out');

    const roll = await get<RentRollRow[]>(
      landlord,
      `/api/rent-roll?propertyId=${first.propertyId}`,
    );
    expect(roll.map((row) => [row.unitId, row.leaseId, row.balance])).toEqual([
      [first.units[0]!.id, lease.id, 77],
    ]);
    const other = await get<RentRollRow[]>(
      landlord,
      `/api/rent-roll?propertyId=${second.propertyId}`,
    );
    expect(other.map((row) => row.leaseId)).toEqual([null]);
  });

  it('2. the dashboard counts the leases in effect today: not an upcoming one, and a renewal once', async () => {
    await at('2026-11-20');
    const { propertyId, units } = await createPropertyWithUnits(landlord, [
      'Available',
      'Available',
    ]);
    const running = await leaseFor(await tenantOn(units[0]!.id, 'Ren'), {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 1000,
    });
    const renewed = await landlord.request({
      method: 'POST',
      url: `/api/leases/${running.id}/renew`,
      payload: { endDate: '2027-12-31', rent: 1100 },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    await leaseFor(await tenantOn(units[1]!.id, 'Una'), {
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      rent: 900,
    });

    const { summary } = await get<Required<DashboardResponse>>(
      landlord,
      `/api/landlord/dashboard?propertyId=${propertyId}&sections=summary`,
    );
    expect([summary.activeLeases, summary.totalMonthlyRent]).toEqual([1, 1000]);
  });

  it("3-4. a tenant sees only their own tenancy's requests; a request names whoever's lease covers its day", async () => {
    await at('2026-01-02');
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const [unitA, unitB] = [units[0]!.id, units[1]!.id];
    const x = await tenantOn(unitA, 'Xena');
    await leaseFor(x, { startDate: '2026-01-01', endDate: '2026-12-31' });
    // Y's record is older than X's request, and Y has no lease yet.
    const y = await tenantOn(unitB, 'Yusuf');

    await at('2026-03-15');
    const xRequest = await fileOn(unitA, 'Leak under the sink');
    expect(xRequest.tenant?.name).toBe('Xena Lovelace');

    await at('2026-07-01');
    const out = await posted(
      landlord,
      `/api/tenants/${x}/move-out`,
      { moveOutDate: '2026-06-30' },
      200,
    );
    expect(out).toMatchObject({ movedOutOn: '2026-06-30' });
    // Between two leases the unit is nobody's: a request names no tenant.
    expect((await fileOn(unitA, 'Repaint')).tenant).toBeNull();

    await at('2026-07-05');

    // Y is moved into X's old unit by an ordinary edit (no lease of Y's was running).
    const edited = await put(landlord, `/api/tenants/${y}`, {
      ...tenantBody(unitA, { firstName: 'Yusuf', email: 'Yusuf@x.org' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await leaseFor(y, { startDate: '2026-07-05', endDate: '2027-07-04' });
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenantUser.user.id })
      .where(eq(tenantsTable.id, y));
    const yRequest = await fileOn(unitA, 'Door sticks');
    expect(yRequest.tenant?.name).toBe('Yusuf Lovelace');

    const home = await get<LinkedPortalHome>(tenantUser, '/api/portal/home');
    expect(home.workOrders.map((w) => w.title)).toEqual(['Door sticks']);
    const xs = await tenantUser.request({
      method: 'GET',
      url: `/api/portal/requests/${xRequest.id}`,
    });
    expect(xs.statusCode).toBe(404);
  });

  it('5. rent follows the dates: a lease moved out before the first run gets the periods it ran', async () => {
    await at('2026-07-20');
    const { units } = await createPropertyWithUnits(landlord);
    const tenantId = await tenantOn(units[0]!.id, 'Pita');
    const lease = await leaseFor(tenantId, {
      startDate: '2026-07-28',
      endDate: '2027-07-27',
      rent: 800,
    });
    await at('2026-11-20');
    await posted(landlord, `/api/tenants/${tenantId}/move-out`, { moveOutDate: '2026-11-15' }, 200);
    await runJobs();
    // Three full months, then Oct 28 to Nov 15: 19 of the period's 31 days.
    expect(await rentCharges(lease.id)).toEqual([
      ['2026-07', 800],
      ['2026-08', 800],
      ['2026-09', 800],
      ['2026-10', 490.32],
    ]);
    await runJobs();
    expect(await rentCharges(lease.id)).toHaveLength(4);
  });

  it('5. rent follows the dates: a start moved two months earlier gets the earlier periods', async () => {
    await at('2026-11-21');
    const { units } = await createPropertyWithUnits(landlord);
    const tenantId = await tenantOn(units[0]!.id, 'Sione');
    const terms = { startDate: '2026-09-01', endDate: '2027-08-31', rent: 700 };
    const lease = await leaseFor(tenantId, terms);
    await runJobs();
    expect(await rentCharges(lease.id)).toHaveLength(3);

    const earlier = await put(
      landlord,
      `/api/leases/${lease.id}`,
      leaseBody(tenantId, { ...terms, startDate: '2026-07-01' }),
    );
    expect(earlier.statusCode, earlier.body).toBe(200);
    await runJobs();
    // The ledger lists by date: the two earlier periods first.
    expect((await rentCharges(lease.id)).map(([period]) => period)).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });
});
