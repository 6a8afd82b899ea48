import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { tenancySnapshot, unitStatus } from '../tenants/tenants.test-helpers';
import { APPLICATION_LIMIT } from './applications.rate-limit';

const DAY = 86_400_000;

describe('rental applications', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let addressCounter = 0;
  /** Each application comes from its own address unless a test says otherwise. */
  const nextAddress = () =>
    `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
    // Put the app's clock at 03:00 UTC: still the previous day in the landlord's time zone (New York).
    const now = t.clock.now.getTime();
    const next3am = Math.ceil((now - 3 * 3600_000) / DAY) * DAY + 3 * 3600_000;
    t.clock.advance(next3am - now);
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
  });
  afterAll(() => t.close());

  /** 'YYYY-MM-DD' of the app's clock shifted by some days, in UTC. */
  const utcDay = (offsetDays = 0) =>
    new Date(t.clock.now.getTime() + offsetDays * DAY).toISOString().slice(0, 10);

  const applicationBody = (unitId: number, overrides: Record<string, unknown> = {}) => ({
    unitId,
    unitNumber: '101',
    firstName: 'Jane',
    lastName: 'Applicant',
    email: 'jane@example.com',
    phoneNumber: '+12125550199',
    moveInDate: utcDay(30),
    message: 'I have a quiet cat.',
    ...overrides,
  });

  function apply(
    unitId: number,
    overrides: Record<string, unknown> = {},
    remoteAddress = nextAddress(),
  ) {
    return t.request({
      method: 'POST',
      url: '/api/applications',
      payload: applicationBody(unitId, overrides),
      remoteAddress,
    });
  }

  async function applied(unitId: number, overrides: Record<string, unknown> = {}) {
    const response = await apply(unitId, overrides);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  }

  it('a visitor applies for an Available unit: stored with every field, no tenant, unit still Available', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unit = units[0]!;
    const before = await tenancySnapshot(t);
    const response = await apply(unit.id, { unitNumber: 'whatever' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: 'Jane',
      lastName: 'Applicant',
      email: 'jane@example.com',
      phoneNumber: '+12125550199',
      moveInDate: utcDay(30),
      message: 'I have a quiet cat.',
      status: 'Pending',
    });
    const after = await tenancySnapshot(t);
    expect(after.tenants).toEqual(before.tenants);
    expect(after.units).toEqual(before.units);
    expect(after.applications).toHaveLength(before.applications.length + 1);
  });

  it('records what landlords screen on, and shows it to the landlord on the application', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const screened = await apply(units[0]!.id, {
      lastName: 'Screened',
      monthlyIncome: 5250.5,
      employer: ' Boise Bakery ',
      currentAddress: '8 Elm St, Boise, ID 83702',
      currentLandlordName: 'Pat Owner',
      currentLandlordPhone: '(212) 555-0142',
      hasPets: true,
      petsDescription: 'One cat',
      backgroundCheckConsent: true,
    });
    expect(screened.statusCode, screened.body).toBe(201);
    // The spec's body, without them: nothing was asked.
    const plain = await apply(units[0]!.id, { lastName: 'Plainbody' });
    expect(plain.statusCode, plain.body).toBe(201);

    const list = async (q: string) =>
      (await landlord.request({ method: 'GET', url: `/api/applications?q=${q}` })).json() as {
        screening: unknown;
      }[];
    expect((await list('Screened'))[0]!.screening).toEqual({
      monthlyIncome: 5250.5,
      employer: 'Boise Bakery',
      currentAddress: '8 Elm St, Boise, ID 83702',
      currentLandlordName: 'Pat Owner',
      currentLandlordPhone: '+12125550142',
      hasPets: true,
      petsDescription: 'One cat',
      backgroundCheckConsent: true,
    });
    expect((await list('Plainbody'))[0]!.screening).toEqual({
      monthlyIncome: null,
      employer: null,
      currentAddress: null,
      currentLandlordName: null,
      currentLandlordPhone: null,
      hasPets: null,
      petsDescription: null,
      backgroundCheckConsent: false,
    });

    const before = await tenancySnapshot(t);
    for (const [field, value, message] of [
      ['backgroundCheckConsent', false, 'Please agree to a background check to apply'],
      ['monthlyIncome', -1, 'Monthly income cannot be negative'],
      ['monthlyIncome', 10.001, 'Monthly income can have at most two decimals'],
      ['employer', 'x'.repeat(101), 'Employer must be at most 100 characters'],
      ['hasPets', 'maybe', 'Pets must be yes or no'],
    ] as const) {
      const response = await apply(units[0]!.id, { [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it("a move-in date of today in the landlord's time zone is accepted; yesterday is refused (400)", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    // At 03:00 UTC it is still yesterday (UTC) in New York: that day is 'today'.
    expect((await apply(units[0]!.id, { moveInDate: utcDay(-1) })).statusCode).toBe(201);
    const before = await tenancySnapshot(t);
    const past = await apply(units[0]!.id, { moveInDate: utcDay(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: 'Desired move-in date cannot be in the past',
      errors: { moveInDate: ['Desired move-in date cannot be in the past'] },
    });
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('validates every field (400 naming the field) and stores nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const before = await tenancySnapshot(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ moveInDate: undefined }, 'moveInDate'],
      [{ moveInDate: '' }, 'moveInDate'],
      [{ moveInDate: '2026-13-01' }, 'moveInDate'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ phoneNumber: '1234567890123456' }, 'phoneNumber'],
      [{ email: 'jane-at-example' }, 'email'],
      [{ firstName: '' }, 'firstName'],
      [{ lastName: undefined }, 'lastName'],
      [{ unitId: undefined }, 'unitId'],
      [{ unitId: 2_147_483_648 }, 'unitId'],
    ];
    for (const [override, field] of cases) {
      const response = await apply(units[0]!.id, override);
      expect(response.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await tenancySnapshot(t)).toEqual(before);
    // A message of exactly 2000 characters and no message at all are both fine.
    expect((await apply(units[0]!.id, { message: 'x'.repeat(2000) })).statusCode).toBe(201);
    const none = await apply(units[0]!.id, { message: undefined });
    expect(none.statusCode).toBe(201);
    expect(none.json().message).toBeNull();
  });

  it("only Available units accept applications (409 'This unit is no longer available'); a missing unit is 404", async () => {
    const { units } = await createPropertyWithUnits(landlord, [
      'Rented',
      'Maintenance',
      'Unavailable',
    ]);
    const before = await tenancySnapshot(t);
    for (const unit of units) {
      const response = await apply(unit.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This unit is no longer available');
    }
    expect((await apply(987_654)).statusCode).toBe(404);
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('limits applications per address: the next one past the limit gets 429 with Retry-After; others still pass', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const address = '203.0.113.7';
    for (let i = 0; i < APPLICATION_LIMIT.limit; i++) {
      expect((await apply(units[0]!.id, {}, address)).statusCode).toBe(201);
    }
    expect(APPLICATION_LIMIT.limit).toBeGreaterThanOrEqual(20);
    const before = await tenancySnapshot(t);
    const refused = await apply(units[0]!.id, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/too many/i);
    // The spec's POST /api/tenants path counts against the same budget.
    const viaTenants = await t.request({
      method: 'POST',
      url: '/api/tenants',
      remoteAddress: address,
      payload: {
        unitId: units[0]!.id,
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '+12125550101',
        email: 'a@example.com',
      },
    });
    expect(viaTenants.statusCode).toBe(429);
    expect(await tenancySnapshot(t)).toEqual(before);

    expect((await apply(units[0]!.id, {}, '203.0.113.8')).statusCode).toBe(201);
    t.clock.advance(APPLICATION_LIMIT.windowMs);
    expect((await apply(units[0]!.id, { moveInDate: utcDay(40) }, address)).statusCode).toBe(201);
  });

  it('a landlord lists the applications of their own units, pending first; an Admin sees all', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const { units: theirs } = await createPropertyWithUnits(other);
    const decided = await applied(units[0]!.id, { firstName: 'Decided' });
    await applied(units[1]!.id, { firstName: 'Waiting' });
    const foreign = await applied(theirs[0]!.id, { firstName: 'Foreign' });
    expect(
      (await landlord.request({ method: 'POST', url: `/api/applications/${decided.id}/reject` }))
        .statusCode,
    ).toBe(200);
    await applied(units[1]!.id, { firstName: 'Latest' });

    const list = (await landlord.request({ method: 'GET', url: '/api/applications' })).json() as {
      id: number;
      status: string;
      firstName: string;
      propertyName: string;
    }[];
    expect(list.map((a) => a.id)).not.toContain(foreign.id);
    const statuses = list.map((a) => a.status);
    expect(statuses.indexOf('Rejected')).toBeGreaterThan(statuses.lastIndexOf('Pending'));
    expect(list.find((a) => a.firstName === 'Waiting')?.propertyName).toMatch(/^Maple Court/);

    const all = (await admin.request({ method: 'GET', url: '/api/applications' })).json() as {
      id: number;
    }[];
    expect(all.map((a) => a.id)).toContain(foreign.id);
  });

  it('approving places the applicant as a tenant on the unit, marks it Rented, and cannot be repeated', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unit = units[0]!;
    const application = await applied(unit.id, {
      firstName: 'Approved',
      phoneNumber: '+12125550123',
      email: 'ok@example.com',
    });
    const response = await landlord.request({
      method: 'POST',
      url: `/api/applications/${application.id}/approve`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const tenant = response.json();
    expect(tenant).toMatchObject({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: 'Approved',
      lastName: 'Applicant',
      phoneNumber: '+12125550123',
      email: 'ok@example.com',
    });
    expect(await unitStatus(t, unit.id)).toBe('Rented');
    const tenants = (await landlord.request({ method: 'GET', url: '/api/tenants' })).json() as {
      id: number;
    }[];
    expect(tenants.map((x) => x.id)).toContain(tenant.id);
    const list = (await landlord.request({ method: 'GET', url: '/api/applications' })).json() as {
      id: number;
      status: string;
      tenantId: number | null;
      decidedAt: string | null;
    }[];
    expect(list.find((a) => a.id === application.id)).toMatchObject({
      status: 'Approved',
      tenantId: tenant.id,
      decidedAt: expect.any(String),
    });

    const before = await tenancySnapshot(t);
    for (const action of ['approve', 'reject']) {
      const again = await landlord.request({
        method: 'POST',
        url: `/api/applications/${application.id}/${action}`,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This application has already been decided');
    }
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  // Approving another application for the unit declines this one ('unit taken'), so the
  // refusal is reached when the landlord takes the unit off the market by hand.
  it('approving when the unit is no longer Available is refused (409) and changes nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const application = await applied(units[0]!.id, { firstName: 'Waiting' });
    const unit = (
      await landlord.request({ method: 'GET', url: `/api/units/${units[0]!.id}` })
    ).json();
    const { id: _id, ...unitBody } = unit;
    const put = await landlord.request({
      method: 'PUT',
      url: `/api/units/${unit.id}`,
      payload: { ...unitBody, status: 'Maintenance' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const before = await tenancySnapshot(t);
    const response = await landlord.request({
      method: 'POST',
      url: `/api/applications/${application.id}/approve`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This unit is no longer available');
    expect(await tenancySnapshot(t)).toEqual(before);
    // The landlord can still turn the applicant down.
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/applications/${application.id}/reject`,
        })
      ).json().status,
    ).toBe('Rejected');
  });

  it('rejecting leaves the unit and tenants alone and cannot be repeated', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const application = await applied(units[0]!.id);
    const before = await tenancySnapshot(t);
    const response = await landlord.request({
      method: 'POST',
      url: `/api/applications/${application.id}/reject`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: application.id,
      status: 'Rejected',
      tenantId: null,
    });
    const after = await tenancySnapshot(t);
    expect(after.units).toEqual(before.units);
    expect(after.tenants).toEqual(before.tenants);
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/applications/${application.id}/reject`,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/applications/${application.id}/approve`,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("the review calls answer 401 without a session, 403 for a Tenant user, 404 for another landlord's application", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const application = await applied(units[0]!.id);
    const before = await tenancySnapshot(t);
    const calls = [
      ['GET', '/api/applications'],
      ['POST', `/api/applications/${application.id}/approve`],
      ['POST', `/api/applications/${application.id}/reject`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.request({ method, url })).statusCode, url).toBe(401);
      expect((await tenantUser.request({ method, url })).statusCode, url).toBe(403);
    }
    for (const [method, url] of calls.slice(1)) {
      const response = await other.request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Application not found');
    }
    expect(
      (await landlord.request({ method: 'POST', url: '/api/applications/abc/approve' })).statusCode,
    ).toBe(400);
    expect(await tenancySnapshot(t)).toEqual(before);
  });
});
