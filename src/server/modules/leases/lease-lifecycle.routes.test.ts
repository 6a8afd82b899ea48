import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../context';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { addDays, calendarDate } from '../../../shared/dates';
import { tenancySnapshot, unitStatus } from '../tenants/tenants.test-helpers';
import { expireEndedLeases } from './lease-lifecycle.service';

interface LeaseJson {
  id: number;
  tenantId: number;
  startDate: string;
  endDate: string;
  rent: number;
  deposit: number;
  status: string;
  state: string;
  endedOn: string | null;
  endReason: string | null;
  renewedFromId: number | null;
}

describe('lease lifecycle', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    today = calendarDate(t.clock.now, t.config.timeZone);
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
  });
  afterAll(() => t.close());

  async function newTenant(owner: TestUser, unitId?: number) {
    const id = unitId ?? (await createPropertyWithUnits(owner)).units[0]!.id;
    const response = await owner.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(id),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; unitId: number };
  }

  async function newLease(
    owner: TestUser,
    tenantId: number,
    overrides: Record<string, unknown> = {},
  ) {
    const response = await owner.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId,
        startDate: addDays(today, -200),
        endDate: addDays(today, 165),
        rent: 1450.5,
        deposit: 2900.25,
        status: 'Active',
        // Some leases here start years back: their rent is not what these tests read.
        confirmBackPosting: true,
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as LeaseJson;
  }

  const renew = (who: TestUser, leaseId: number, body: Record<string, unknown>) =>
    who.request({ method: 'POST', url: `/api/leases/${leaseId}/renew`, payload: body });
  const moveOut = (who: TestUser, tenantId: number, body: Record<string, unknown>) =>
    who.request({ method: 'POST', url: `/api/tenants/${tenantId}/move-out`, payload: body });
  const getLease = async (leaseId: number) =>
    (await landlord.request({ method: 'GET', url: `/api/leases/${leaseId}` })).json() as LeaseJson;

  describe('state from the dates', () => {
    it('answers upcoming, active, ending soon and expired, and never Active past the end date', async () => {
      const tenant = await newTenant(landlord);
      const past = await newLease(landlord, tenant.id, {
        startDate: addDays(today, -400),
        endDate: addDays(today, -1),
      });
      const ending = await newLease(landlord, tenant.id, {
        startDate: today,
        endDate: addDays(today, 30),
      });
      const upcoming = await newLease(landlord, tenant.id, {
        startDate: addDays(today, 31),
        endDate: addDays(today, 400),
      });
      expect([past.status, past.state]).toEqual(['Active', 'expired']);
      expect(ending.state).toBe('ending_soon');
      expect(upcoming.state).toBe('upcoming');
      const other = await newLease(landlord, (await newTenant(landlord)).id, {
        startDate: addDays(today, -10),
        endDate: addDays(today, 61),
      });
      expect(other.state).toBe('active');
    });

    it('the daily job marks Active leases past their end Expired, once; others are left alone', async () => {
      const tenant = await newTenant(landlord);
      const ended = await newLease(landlord, tenant.id, {
        startDate: addDays(today, -400),
        endDate: addDays(today, -1),
      });
      const endsToday = await newLease(landlord, tenant.id, { startDate: today, endDate: today });
      const terminated = await newLease(landlord, (await newTenant(landlord)).id, {
        startDate: addDays(today, -400),
        endDate: addDays(today, -30),
        status: 'Terminated',
      });
      // Through the jobs runner, as the server does every hour.
      expect((await t.app.jobs.runDueJobs(t.clock.now)).done).toBeGreaterThanOrEqual(1);
      expect((await getLease(ended.id)).status).toBe('Expired');
      expect((await getLease(endsToday.id)).status).toBe('Active');
      expect((await getLease(terminated.id)).status).toBe('Terminated');
      // A second run finds nothing left to expire.
      const system = { name: 'test', now: t.clock.now, timeZone: t.config.timeZone };
      expect(await runAsSystem(t.database.db, system, expireEndedLeases, undefined)).toEqual({
        expired: 0,
      });
    });
  });

  describe('renew', () => {
    it('creates the next lease from the day after the current one ends, new rent, same deposit', async () => {
      const tenant = await newTenant(landlord);
      const current = await newLease(landlord, tenant.id);
      const response = await renew(landlord, current.id, {
        endDate: addDays(current.endDate, 365),
        rent: 1512.75,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        tenantId: tenant.id,
        startDate: addDays(current.endDate, 1),
        endDate: addDays(current.endDate, 365),
        rent: 1512.75,
        deposit: 2900.25,
        status: 'Active',
        state: 'upcoming',
        renewedFromId: current.id,
      });
      expect(await getLease(current.id)).toEqual(current);
    });

    it('an Admin may renew any landlord’s lease', async () => {
      const current = await newLease(other, (await newTenant(other)).id);
      const response = await renew(admin, current.id, {
        endDate: addDays(current.endDate, 30),
        rent: 1,
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses a second renewal, an end before the renewal starts, an ended lease; none changes anything', async () => {
      const tenant = await newTenant(landlord);
      const current = await newLease(landlord, tenant.id);
      const body = { endDate: addDays(current.endDate, 365), rent: 1500 };
      expect((await renew(landlord, current.id, body)).statusCode).toBe(201);
      let before = await tenancySnapshot(t);
      const twice = await renew(landlord, current.id, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This lease has already been renewed');

      const second = await newLease(landlord, (await newTenant(landlord)).id);
      before = await tenancySnapshot(t);
      const early = await renew(landlord, second.id, { endDate: second.endDate, rent: 1500 });
      expect(early.statusCode).toBe(400);
      expect(Object.keys(early.json().errors)).toEqual(['endDate']);
      for (const bad of [
        { rent: -1 },
        { rent: 1.005 },
        { endDate: '2026-02-30' },
        { endDate: undefined },
        { rent: undefined },
      ]) {
        const response = await renew(landlord, second.id, { ...body, ...bad });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await tenancySnapshot(t)).toEqual(before);

      const ended = await newLease(landlord, (await newTenant(landlord)).id, {
        status: 'Terminated',
      });
      before = await tenancySnapshot(t);
      const refused = await renew(landlord, ended.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This lease has ended early and cannot be renewed');
      expect(await tenancySnapshot(t)).toEqual(before);
    });

    it('refuses a renewal that would overlap another Active lease of the tenant', async () => {
      const tenant = await newTenant(landlord);
      const current = await newLease(landlord, tenant.id);
      await newLease(landlord, tenant.id, {
        startDate: addDays(current.endDate, 10),
        endDate: addDays(current.endDate, 40),
      });
      const before = await tenancySnapshot(t);
      const response = await renew(landlord, current.id, {
        endDate: addDays(current.endDate, 365),
        rent: 1500,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('leases.overlap');
      expect(await tenancySnapshot(t)).toEqual(before);
    });
  });

  it("approving an application declines the unit's other pending applications as 'unit taken'", async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const apply = async (unitId: number, firstName: string) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/applications',
        remoteAddress: `10.9.0.${units.length + firstName.length}`,
        payload: {
          unitId,
          firstName,
          lastName: 'Applicant',
          email: 'a@example.com',
          phoneNumber: '+12125550100',
          moveInDate: addDays(today, 20),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const chosen = await apply(units[0]!.id, 'Chosen');
    const rival = await apply(units[0]!.id, 'Rival');
    const turnedDown = await apply(units[0]!.id, 'TurnedDown');
    const elsewhere = await apply(units[1]!.id, 'Elsewhere');
    await landlord.request({ method: 'POST', url: `/api/applications/${turnedDown.id}/reject` });
    const approved = await landlord.request({
      method: 'POST',
      url: `/api/applications/${chosen.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const list = (await landlord.request({ method: 'GET', url: '/api/applications' })).json() as {
      id: number;
      status: string;
      declineReason: string | null;
      decidedAt: string | null;
    }[];
    const byId = (id: number) => list.find((a) => a.id === id);
    expect(byId(chosen.id)).toMatchObject({ status: 'Approved', declineReason: null });
    expect(byId(rival.id)).toMatchObject({
      status: 'Rejected',
      declineReason: 'unit taken',
      decidedAt: expect.any(String),
    });
    expect(byId(turnedDown.id)).toMatchObject({ status: 'Rejected', declineReason: null });
    expect(byId(elsewhere.id)).toMatchObject({ status: 'Pending', declineReason: null });
  });

  describe('move out', () => {
    it('ends the running lease early on the day with the reason, archives the tenant and frees the unit', async () => {
      const tenant = await newTenant(landlord);
      const lease = await newLease(landlord, tenant.id);
      expect(await unitStatus(t, tenant.unitId)).toBe('Rented');
      const response = await moveOut(landlord, tenant.id, {
        moveOutDate: addDays(today, -3),
        reason: 'Job in another city',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: tenant.id, movedOutOn: addDays(today, -3) });
      expect(await getLease(lease.id)).toMatchObject({
        status: 'Terminated',
        state: 'ended_early',
        endDate: lease.endDate,
        endedOn: addDays(today, -3),
        endReason: 'Job in another city',
      });
      expect(await unitStatus(t, tenant.unitId)).toBe('Available');
      // The past tenant stays visible; a new one can be placed on the freed unit.
      const tenants = (await landlord.request({ method: 'GET', url: '/api/tenants' })).json() as {
        id: number;
        movedOutOn: string | null;
      }[];
      expect(tenants.find((x) => x.id === tenant.id)?.movedOutOn).toBe(addDays(today, -3));
      const next = await newTenant(landlord, tenant.unitId);
      expect(next.unitId).toBe(tenant.unitId);
    });

    it('a signed renewal that has not started is cancelled with the running lease', async () => {
      const tenant = await newTenant(landlord);
      const current = await newLease(landlord, tenant.id);
      const renewal = (
        await renew(landlord, current.id, { endDate: addDays(current.endDate, 365), rent: 1600 })
      ).json() as LeaseJson;
      const response = await moveOut(landlord, tenant.id, {
        moveOutDate: today,
        reason: 'Bought a house',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await getLease(current.id)).toMatchObject({
        status: 'Terminated',
        endedOn: today,
        endReason: 'Bought a house',
      });
      expect(await getLease(renewal.id)).toMatchObject({
        status: 'Terminated',
        state: 'ended_early',
        endedOn: null,
        endReason: 'Cancelled before it started: Bought a house',
      });
    });

    it('a lease that had already run its course becomes Expired, not ended early', async () => {
      const tenant = await newTenant(landlord);
      const lease = await newLease(landlord, tenant.id, {
        startDate: addDays(today, -400),
        endDate: addDays(today, -10),
      });
      expect((await moveOut(landlord, tenant.id, { moveOutDate: today })).statusCode).toBe(200);
      expect(await getLease(lease.id)).toMatchObject({
        status: 'Expired',
        state: 'expired',
        endedOn: null,
        endReason: null,
      });
    });

    it('keeps the unit Rented while another tenant still lives there', async () => {
      // A second tenant on the same unit (a roommate), placed before the unit was Rented.
      const { units } = await createPropertyWithUnits(landlord);
      const first = await newTenant(landlord, units[0]!.id);
      await landlord.request({
        method: 'PUT',
        url: `/api/units/${units[0]!.id}`,
        payload: {
          unitNumber: '101',
          propertyId: (
            await landlord.request({ method: 'GET', url: `/api/units/${units[0]!.id}` })
          ).json().propertyId,
          bedrooms: 2,
          bathrooms: 1,
          squareFeet: 800,
          rent: 1000,
          status: 'Available',
        },
      });
      const roommate = await newTenant(landlord, units[0]!.id);
      expect((await moveOut(landlord, first.id, { moveOutDate: today })).statusCode).toBe(200);
      expect(await unitStatus(t, units[0]!.id)).toBe('Rented');
      expect((await moveOut(landlord, roommate.id, { moveOutDate: today })).statusCode).toBe(200);
      expect(await unitStatus(t, units[0]!.id)).toBe('Available');
    });

    it('refuses a future day, a second move-out, and a new lease or renewal for the past tenant', async () => {
      const tenant = await newTenant(landlord);
      const lease = await newLease(landlord, tenant.id);
      let before = await tenancySnapshot(t);
      const future = await moveOut(landlord, tenant.id, { moveOutDate: addDays(today, 1) });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors).toEqual({
        moveOutDate: ['Move-out date cannot be in the future'],
      });
      for (const bad of [
        {},
        { moveOutDate: 'soon' },
        { moveOutDate: today, reason: 'x'.repeat(501) },
      ]) {
        expect((await moveOut(landlord, tenant.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await tenancySnapshot(t)).toEqual(before);

      expect((await moveOut(landlord, tenant.id, { moveOutDate: today })).statusCode).toBe(200);
      before = await tenancySnapshot(t);
      const again = await moveOut(landlord, tenant.id, { moveOutDate: today });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This tenant has moved out');
      const lease2 = await landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: {
          tenantId: tenant.id,
          startDate: today,
          endDate: addDays(today, 30),
          rent: 1,
          deposit: 1,
          status: 'Active',
        },
      });
      expect(lease2.statusCode).toBe(409);
      expect(
        (await renew(landlord, lease.id, { endDate: addDays(today, 900), rent: 1 })).statusCode,
      ).toBe(409);
      expect(await tenancySnapshot(t)).toEqual(before);
    });

    it('deleting a tenant with lease history is refused with a pointer to Move out', async () => {
      const tenant = await newTenant(landlord);
      await newLease(landlord, tenant.id);
      const before = await tenancySnapshot(t);
      const response = await landlord.request({
        method: 'DELETE',
        url: `/api/tenants/${tenant.id}`,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/Move out/);
      expect(await tenancySnapshot(t)).toEqual(before);
    });
  });

  it('the lifecycle calls answer 401 without a session, 403 for a Tenant, 404 for another landlord’s records', async () => {
    const tenant = await newTenant(landlord);
    const lease = await newLease(landlord, tenant.id);
    const calls = [
      {
        url: `/api/leases/${lease.id}/renew`,
        payload: { endDate: addDays(lease.endDate, 30), rent: 1 },
      },
      { url: `/api/tenants/${tenant.id}/move-out`, payload: { moveOutDate: today } },
    ];
    const before = await tenancySnapshot(t);
    for (const call of calls) {
      expect((await t.request({ method: 'POST', ...call })).statusCode, call.url).toBe(401);
      expect((await tenantUser.request({ method: 'POST', ...call })).statusCode, call.url).toBe(
        403,
      );
      expect((await other.request({ method: 'POST', ...call })).statusCode, call.url).toBe(404);
    }
    expect((await renew(landlord, 2_000_000_000, calls[0]!.payload)).statusCode).toBe(404);
    expect((await moveOut(landlord, 2_000_000_000, { moveOutDate: today })).statusCode).toBe(404);
    expect(await tenancySnapshot(t)).toEqual(before);
  });
});
