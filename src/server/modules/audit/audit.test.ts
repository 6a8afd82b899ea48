import { asc, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { firstOrganisationOf } from '../organisations';
import { auditEventsTable, type AuditEventRow } from './audit.table';

const property = {
  name: 'Audit Court',
  description: null,
  address: '1 Ledger Lane',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  imageUrl: null,
};

describe('the audit trail', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    other = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(() => t.close());

  async function lastEventId(): Promise<number> {
    const rows = await t.database.db.select({ id: auditEventsTable.id }).from(auditEventsTable);
    return Math.max(0, ...rows.map((row) => row.id));
  }

  /** Makes the call and answers the events it left (in order) with its response. */
  async function eventsOf(user: TestUser, options: InjectOptions) {
    const since = await lastEventId();
    const response = await user.request(options);
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(gt(auditEventsTable.id, since))
      .orderBy(asc(auditEventsTable.id));
    return { response, events };
  }

  function expectOne(events: AuditEventRow[], expected: Partial<AuditEventRow>): AuditEventRow {
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject(expected);
    return events[0]!;
  }

  describe('properties', () => {
    it('a creation leaves one event with every field, naming the actor and the request', async () => {
      const { response, events } = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/properties',
        payload: property,
      });
      expect(response.statusCode).toBe(201);
      const event = expectOne(events, {
        entityType: 'properties',
        entityId: response.json().id,
        action: 'create',
        actorKind: 'user',
        actorUserId: landlord.user.id,
        actorName: landlord.user.userName,
        before: null,
      });
      expect(event.after).toMatchObject({ name: 'Audit Court', userId: landlord.user.id });
      expect(event.after).not.toHaveProperty('createdAt');
      expect(event.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('an update leaves one event holding only the changed fields', async () => {
      const id = (
        await landlord.request({ method: 'POST', url: '/api/properties', payload: property })
      ).json().id;
      const { response, events } = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/properties/${id}`,
        payload: { ...property, name: 'Renamed Court', city: 'Shelbyville' },
      });
      expect(response.statusCode).toBe(200);
      expectOne(events, {
        entityType: 'properties',
        entityId: id,
        action: 'update',
        before: { name: 'Audit Court', city: 'Springfield' },
        after: { name: 'Renamed Court', city: 'Shelbyville' },
      });
    });

    it('a deletion leaves one event with the old values', async () => {
      const id = (
        await landlord.request({ method: 'POST', url: '/api/properties', payload: property })
      ).json().id;
      const { response, events } = await eventsOf(landlord, {
        method: 'DELETE',
        url: `/api/properties/${id}`,
      });
      expect(response.statusCode).toBe(204);
      const event = expectOne(events, { entityId: id, action: 'delete', after: null });
      expect(event.before).toMatchObject({ name: 'Audit Court' });
    });

    it('a refused or failed write leaves no event', async () => {
      const id = (
        await landlord.request({ method: 'POST', url: '/api/properties', payload: property })
      ).json().id;
      await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: {
          unitNumber: '1',
          propertyId: id,
          bedrooms: 1,
          bathrooms: 1,
          squareFeet: 500,
          rent: 900,
        },
      });
      const refused = [
        await eventsOf(other, { method: 'PUT', url: `/api/properties/${id}`, payload: property }),
        await eventsOf(other, { method: 'DELETE', url: `/api/properties/${id}` }),
        // Still has a unit: 409, and the transaction leaves nothing behind.
        await eventsOf(landlord, { method: 'DELETE', url: `/api/properties/${id}` }),
        await eventsOf(landlord, {
          method: 'POST',
          url: '/api/properties',
          payload: { ...property, state: 'Illinois' },
        }),
      ];
      expect(refused.map(({ response }) => response.statusCode)).toEqual([404, 404, 409, 400]);
      for (const { events } of refused) expect(events).toEqual([]);
    });

    it('a read leaves no event', async () => {
      const { events } = await eventsOf(landlord, {
        method: 'GET',
        url: '/api/properties?mine=true',
      });
      expect(events).toEqual([]);
    });
  });

  /** The (entity, action) pairs of events, in the order they were written. */
  const kinds = (events: AuditEventRow[]) => events.map((e) => `${e.entityType} ${e.action}`);

  describe('every other kind of write', () => {
    let propertyId: number;
    const unit = (unitNumber: string) => ({
      unitNumber,
      propertyId,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 700,
      rent: 1000,
    });
    const person = {
      firstName: 'Ada',
      lastName: 'Lane',
      phoneNumber: '+12125550101',
      email: 'ada@example.com',
    };

    beforeAll(async () => {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/properties',
        payload: property,
      });
      propertyId = response.json().id;
    });

    async function newUnit(unitNumber: string): Promise<number> {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: unit(unitNumber),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    }

    it('accounts: sign-up, login, contact change and logout, with no secret kept', async () => {
      const userName = `audited_${Date.now()}`;
      const password = 'tidy-lantern-orchard-42';
      const signup = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/users',
        headers: { cookie: '' },
        payload: { userName, password, roles: ['Tenant'], email: null, phone: null },
      });
      expect(signup.response.statusCode, signup.response.body).toBe(201);
      const created = expectOne(signup.events, { entityType: 'users', action: 'create' });
      expect(JSON.stringify(created)).not.toMatch(/argon2|password/i);

      const since = await lastEventId();
      const login = await t.request({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { userName, password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const user = {
        ...landlord,
        request: (options: InjectOptions) =>
          t.request({ ...options, headers: { ...options.headers, cookie } }),
      };
      const loginEvents = await t.database.db
        .select()
        .from(auditEventsTable)
        .where(gt(auditEventsTable.id, since));
      expectOne(loginEvents, {
        entityType: 'users',
        action: 'login',
        actorUserId: signup.response.json().id,
      });
      expect(JSON.stringify(loginEvents)).not.toContain(cookie.split('=')[1]!);

      const contact = await eventsOf(user, {
        method: 'PUT',
        url: `/api/users/${signup.response.json().id}/contact`,
        payload: { email: 'new@example.com', phone: null },
      });
      expect(contact.response.statusCode).toBe(200);
      expectOne(contact.events, {
        action: 'update',
        before: { email: null },
        after: { email: 'new@example.com' },
      });

      const logout = await eventsOf(user, { method: 'POST', url: '/api/authentication/logout' });
      expect(logout.response.statusCode).toBe(204);
      expectOne(logout.events, { entityType: 'users', action: 'logout' });
    });

    it('units: create, update, delete', async () => {
      const created = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/units',
        payload: unit('C1'),
      });
      expect(kinds(created.events)).toEqual(['units create']);
      const id = created.response.json().id;
      const updated = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/units/${id}`,
        payload: { ...unit('C1'), rent: 1100 },
      });
      // Money is kept as stored: exact integer cents.
      expectOne(updated.events, {
        action: 'update',
        before: { rent: 100000 },
        after: { rent: 110000 },
      });
      const deleted = await eventsOf(landlord, { method: 'DELETE', url: `/api/units/${id}` });
      expect(kinds(deleted.events)).toEqual(['units delete']);
    });

    it('staff: create, update, delete', async () => {
      const staff = {
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.com',
        phone: '+12125550155',
        position: 'Super',
        propertyId,
      };
      const created = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/staff',
        payload: staff,
      });
      expect(kinds(created.events)).toEqual(['staff create']);
      const id = created.response.json().id;
      const updated = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/staff/${id}`,
        payload: { ...staff, position: 'Owner' },
      });
      expectOne(updated.events, {
        action: 'update',
        before: { position: 'Super' },
        after: { position: 'Owner' },
      });
      const deleted = await eventsOf(landlord, { method: 'DELETE', url: `/api/staff/${id}` });
      expect(kinds(deleted.events)).toEqual(['staff delete']);
    });

    it('tenants: each placement, edit, move and removal records the tenant and the unit whose status follows', async () => {
      const first = await newUnit('T1');
      const second = await newUnit('T2');
      const placed = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/tenants',
        payload: { ...person, unitId: first },
      });
      expect(kinds(placed.events)).toEqual(['tenants create', 'units update']);
      expect(placed.events[1]).toMatchObject({
        entityId: first,
        before: { status: 'Available' },
        after: { status: 'Rented' },
      });
      const id = placed.response.json().id;

      const edited = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/tenants/${id}`,
        payload: { ...person, lastName: 'Lovelace', unitId: first },
      });
      expectOne(edited.events, {
        entityType: 'tenants',
        before: { lastName: 'Lane' },
        after: { lastName: 'Lovelace' },
      });

      const moved = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/tenants/${id}`,
        payload: { ...person, unitId: second },
      });
      expect(kinds(moved.events).sort()).toEqual([
        'tenants update',
        'units update',
        'units update',
      ]);

      const removed = await eventsOf(landlord, { method: 'DELETE', url: `/api/tenants/${id}` });
      expect(kinds(removed.events)).toEqual(['units update', 'tenants delete']);
    });

    it("units: a renumbering reaches the tenant's copy in the same transaction, recorded on the tenant", async () => {
      const id = await newUnit('101');
      const tenant = (
        await landlord.request({
          method: 'POST',
          url: '/api/tenants',
          payload: { ...person, unitId: id },
        })
      ).json();
      const renumbered = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/units/${id}`,
        payload: unit('9Z'),
      });
      expect(renumbered.response.statusCode).toBe(200);
      expect(kinds(renumbered.events)).toEqual(['units update', 'tenants update']);
      expect(renumbered.events[1]).toMatchObject({
        entityId: tenant.id,
        before: { unitNumber: '101' },
        after: { unitNumber: '9Z' },
      });
      const read = await landlord.request({ method: 'GET', url: `/api/tenants/${tenant.id}` });
      expect(read.json().unitNumber).toBe('9Z');
      const lease = await landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: {
          tenantId: tenant.id,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          rent: 1000,
          deposit: 500,
          status: 'Active',
        },
      });
      expect(lease.json().unitNumber).toBe('9Z');
    });

    it('leases: create, update, delete', async () => {
      const unitId = await newUnit('L1');
      const tenantId = (
        await landlord.request({
          method: 'POST',
          url: '/api/tenants',
          payload: { ...person, unitId },
        })
      ).json().id;
      const lease = {
        tenantId,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rent: 1000,
        deposit: 500,
        status: 'Active',
      };
      const created = await eventsOf(landlord, {
        method: 'POST',
        url: '/api/leases',
        payload: lease,
      });
      expect(kinds(created.events)).toEqual(['leases create']);
      const id = created.response.json().id;
      const updated = await eventsOf(landlord, {
        method: 'PUT',
        url: `/api/leases/${id}`,
        payload: { ...lease, status: 'Terminated' },
      });
      expectOne(updated.events, {
        action: 'update',
        before: { status: 'Active' },
        after: { status: 'Terminated' },
      });
      const deleted = await eventsOf(landlord, { method: 'DELETE', url: `/api/leases/${id}` });
      expect(kinds(deleted.events)).toEqual(['leases delete']);
    });

    it('applications: submission by a visitor (both calls), approval and rejection', async () => {
      const unitId = await newUnit('A1');
      const visitor = { ...landlord, request: (options: InjectOptions) => t.request(options) };
      const submitted = await eventsOf(visitor, {
        method: 'POST',
        url: '/api/applications',
        payload: { ...person, unitId, moveInDate: '2030-01-15' },
      });
      expectOne(submitted.events, {
        entityType: 'applications',
        action: 'create',
        actorKind: 'visitor',
        actorUserId: null,
      });
      const viaTenants = await eventsOf(visitor, {
        method: 'POST',
        url: '/api/tenants',
        payload: { ...person, unitId },
      });
      expectOne(viaTenants.events, { entityType: 'applications', action: 'create' });

      const rejected = await eventsOf(landlord, {
        method: 'POST',
        url: `/api/applications/${viaTenants.response.json().id}/reject`,
      });
      expectOne(rejected.events, {
        action: 'reject',
        before: { status: 'Pending' },
        after: { status: 'Rejected' },
      });
      const approved = await eventsOf(landlord, {
        method: 'POST',
        url: `/api/applications/${submitted.response.json().id}/approve`,
      });
      expect(kinds(approved.events)).toEqual([
        'tenants create',
        'units update',
        'applications approve',
      ]);
    });
  });

  describe('GET /api/<records>/{id}/history', () => {
    it("answers the record's events, newest first, to its manager and an Admin; 404 to anyone else", async () => {
      const admin = await signUpAndLogin(t, 'Admin');
      const id = (
        await landlord.request({ method: 'POST', url: '/api/properties', payload: property })
      ).json().id;
      await landlord.request({
        method: 'PUT',
        url: `/api/properties/${id}`,
        payload: { ...property, name: 'Second Name' },
      });

      const history = await landlord.request({
        method: 'GET',
        url: `/api/properties/${id}/history`,
      });
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject([
        {
          action: 'update',
          actor: { kind: 'user', userId: landlord.user.id, name: landlord.user.userName },
          before: { name: 'Audit Court' },
          after: { name: 'Second Name' },
        },
        { action: 'create', before: null },
      ]);
      expect(
        (await admin.request({ method: 'GET', url: `/api/properties/${id}/history` })).json(),
      ).toHaveLength(2);
      expect(
        (await other.request({ method: 'GET', url: `/api/properties/${id}/history` })).statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: `/api/properties/${id}/history` })).statusCode,
      ).toBe(401);
      expect(
        (await landlord.request({ method: 'GET', url: '/api/properties/999999/history' }))
          .statusCode,
      ).toBe(404);
    });

    it("keeps an Admin's edit, which names the Admin's organisation, not the record's", async () => {
      const admin = await signUpAndLogin(t, 'Admin');
      const id = (
        await landlord.request({ method: 'POST', url: '/api/properties', payload: property })
      ).json().id;
      const edited = await eventsOf(admin, {
        method: 'PUT',
        url: `/api/properties/${id}`,
        payload: { ...property, name: 'By An Admin' },
      });
      expect(edited.response.statusCode).toBe(200);
      // An event keeps the organisation its actor acted for (decision 0029): the history of a
      // record cannot be read by the record's organisation without losing such events.
      const landlordsOrganisation = await firstOrganisationOf(t.database.db, landlord.user.id);
      expect(edited.events).toHaveLength(1);
      expect(edited.events[0]!.organisationId).not.toBe(landlordsOrganisation);

      const history = await landlord.request({
        method: 'GET',
        url: `/api/properties/${id}/history`,
      });
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject([
        {
          action: 'update',
          actor: { kind: 'user', userId: admin.user.id },
          after: { name: 'By An Admin' },
        },
        { action: 'create', actor: { kind: 'user', userId: landlord.user.id } },
      ]);
      expect(history.json()).toHaveLength(2);
    });

    it('is served for every kind of managed record and listed in the OpenAPI document', async () => {
      const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const resource of [
        'properties',
        'units',
        'staff',
        'tenants',
        'leases',
        'applications',
      ]) {
        expect(doc.paths).toHaveProperty([`/api/${resource}/{id}/history`, 'get']);
      }
    });
  });
});
