import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, gt } from 'drizzle-orm';
import { auditEventsTable } from '../../modules/audit';
import { createTestApp, type TestApp } from '../test-app';
import {
  ADMIN_OPERATIONS,
  buildWorld,
  fillPath,
  fingerprint,
  LEAK_PATTERN,
  listOperations,
  managerCalls,
  MARKER,
  namesARecord,
  PUBLIC_OPERATIONS,
  sampleBodyFor,
  sampleQuery,
  type Operation,
  type World,
} from './attack-kit';

/**
 * Every call in the route table (read from the app's OpenAPI document), made by everyone
 * who must not succeed: no session, a Tenant, a Maintenance user, and another landlord.
 * Each is refused, and the database is exactly as it was afterwards.
 */
let t: TestApp;
let world: World;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  operations = listOperations(t);
});
afterAll(() => t?.close());

type Caller = 'no session' | 'Tenant' | 'Maintenance' | 'another landlord';

function requestFor(
  op: Operation,
  query: Record<string, string> = sampleQuery(op, world.ids),
): InjectOptions {
  // The bodies others send carry no marker: only what landlord A owns does.
  const body = op.body
    ? JSON.parse(JSON.stringify(sampleBodyFor(op, world.ids)).replaceAll(MARKER, 'Bravo'))
    : undefined;
  return {
    method: op.method,
    url: fillPath(op, world.ids),
    query,
    ...(body ? { payload: body } : {}),
  };
}

function send(caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse> {
  switch (caller) {
    case 'no session':
      return t.request(options);
    case 'Tenant':
      return world.tenant.request(options);
    case 'Maintenance':
      return world.maintenance.request(options);
    case 'another landlord':
      return world.b.request(options);
  }
}

const managerOnly = () => managerCalls(operations, world.ids);

const expected: Record<Exclude<Caller, 'another landlord'>, number[]> = {
  'no session': [401],
  Tenant: [403],
  Maintenance: [403],
};

describe('the access matrix', () => {
  it('covers every call the app serves', () => {
    // A guard against a silently empty matrix: the spec's calls are all there.
    expect(managerOnly().length).toBeGreaterThanOrEqual(20);
  });

  for (const caller of ['no session', 'Tenant', 'Maintenance'] as const) {
    it(`refuses every Landlord/Admin call to ${caller === 'no session' ? 'a visitor with no session' : `a ${caller} user`}, and writes nothing`, async () => {
      const before = await fingerprint(t);
      const failures: string[] = [];
      for (const { op, query, label } of managerOnly()) {
        const response = await send(caller, requestFor(op, query));
        if (!expected[caller].includes(response.statusCode))
          failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (response.body.includes(MARKER)) failures.push(`${label} leaked landlord A's data`);
        if (LEAK_PATTERN.test(response.body))
          failures.push(`${label} leaked internals: ${response.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect(await fingerprint(t)).toEqual(before);
    });
  }

  it("answers another landlord as if landlord A's records did not exist, and writes nothing", async () => {
    const propertiesOfA = async () =>
      (await world.a.request({ method: 'GET', url: '/api/properties?mine=true' })).body;
    const propertiesBefore = await propertiesOfA();
    const before = await fingerprint(t);
    const [last] = await t.database.db
      .select({ id: auditEventsTable.id })
      .from(auditEventsTable)
      .orderBy(desc(auditEventsTable.id))
      .limit(1);
    const lastEventBefore = last?.id ?? 0;
    const failures: string[] = [];
    for (const { op, query, label } of managerOnly()) {
      const options = requestFor(op, query);
      const namesAnyRecord = namesARecord(op, world.ids);
      const response = await send('another landlord', options);
      if (response.body.includes(MARKER))
        failures.push(`${label} leaked landlord A's data: ${response.body.slice(0, 160)}`);
      if (LEAK_PATTERN.test(response.body)) failures.push(`${label} leaked internals`);
      // A call naming one of A's records is refused; one that names none (a list, a new
      // property) is the landlord's own business and only must not show A's data.
      if (namesAnyRecord && ![403, 404].includes(response.statusCode)) {
        failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      if (!namesAnyRecord && response.statusCode >= 500)
        failures.push(`${label} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    const after = await fingerprint(t);
    // Only landlord B's own new records may appear: a property (POST /api/properties names no
    // record of A's) with its search text, B's portfolio revision and the public listing's
    // revision, a vendor and a bank account (their POSTs name none either), and the audit
    // events of their creation; A's records are as they were.
    const mayChange = {
      vendors: undefined,
      properties: undefined,
      property_search: undefined,
      portfolio_revisions: undefined,
      public_listing_revision: undefined,
      audit_events: undefined,
      bank_accounts: undefined,
      organisations: undefined,
    };
    expect({ ...after, ...mayChange }).toEqual({ ...before, ...mayChange });
    const newEvents = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(gt(auditEventsTable.id, lastEventBefore))
      .orderBy(auditEventsTable.id);
    expect(newEvents.map((e) => [e.actorUserId, e.entityType, e.action])).toEqual([
      [world.b.user.id, 'properties', 'create'],
      [world.b.user.id, 'vendors', 'create'],
      [world.b.user.id, 'bank-accounts', 'create'],
      [world.b.user.id, 'organisations', 'organisation.rename'],
    ]);
    expect(await propertiesOfA()).toEqual(propertiesBefore);
  });

  it("lets nobody read or mark another user's notifications", async () => {
    const before = await fingerprint(t);
    for (const caller of ['no session', 'Tenant', 'Maintenance', 'another landlord'] as const) {
      const read = await send(caller, {
        method: 'POST',
        url: `/api/notifications/${world.ids.notifications}/read`,
      });
      expect([401, 404]).toContain(read.statusCode);
      const list = await send(caller, { method: 'GET', url: '/api/notifications' });
      expect(list.body).not.toContain(MARKER);
      await send(caller, { method: 'POST', url: '/api/notifications/read-all' });
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses every Admin-only call to a landlord, and writes nothing', async () => {
    const adminOnly = operations.filter((op) => ADMIN_OPERATIONS.has(op.key));
    expect(adminOnly.map((op) => op.key).sort()).toEqual([...ADMIN_OPERATIONS].sort());
    const before = await fingerprint(t);
    const failures: string[] = [];
    for (const op of adminOnly) {
      for (const landlord of [world.a, world.b]) {
        const response = await landlord.request(requestFor(op));
        if (response.statusCode !== 403) failures.push(`${op.key} -> ${response.statusCode}`);
        if (LEAK_PATTERN.test(response.body)) failures.push(`${op.key} leaked internals`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it("lets nobody change another user's contact information or its public choice", async () => {
    const before = await fingerprint(t);
    for (const caller of ['no session', 'Tenant', 'Maintenance', 'another landlord'] as const) {
      const response = await send(caller, {
        method: 'PUT',
        url: `/api/users/${world.a.user.id}/contact`,
        payload: { email: 'mallory@example.com', phone: '+12125550666' },
      });
      expect([401, 403, 404]).toContain(response.statusCode);
      const hide = await send(caller, {
        method: 'PUT',
        url: `/api/users/${world.a.user.id}/public-contact`,
        payload: { showEmail: false, showPhone: false },
      });
      expect([401, 403, 404]).toContain(hide.statusCode);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it("shows landlord A's photo to nobody else: 401 without a session, 404 to every other user", async () => {
    const before = await fingerprint(t);
    const url = `/api/uploads/${world.ids.uploads}`;
    for (const caller of ['no session', 'Tenant', 'Maintenance', 'another landlord'] as const) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await send(caller, { method, url });
        expect(response.statusCode, `${caller} ${method}`).toBe(
          caller === 'no session' ? 401 : 404,
        );
        expect(response.headers['content-type'], `${caller} ${method}`).toContain(
          'application/json',
        );
      }
    }
    expect(await fingerprint(t)).toEqual(before);
    expect((await world.a.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it("never turns a non-owner's POST /api/tenants into a tenant on landlord A's unit", async () => {
    const op = operations.find((o) => o.key === 'POST /api/tenants')!;
    const tenantsBefore = (await fingerprint(t)).tenants;
    for (const caller of ['no session', 'Tenant', 'Maintenance', 'another landlord'] as const) {
      const response = await send(caller, {
        method: 'POST',
        url: '/api/tenants',
        payload: sampleBodyFor(op, world.ids),
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(`"unitId":${world.ids.units},"unitNumber"`);
    }
    expect((await fingerprint(t)).tenants).toEqual(tenantsBefore);
  });

  it("shows the tenant's home to nobody but a linked Tenant, and never landlord A's records", async () => {
    const before = await fingerprint(t);
    const expectedStatus: Record<Caller, number> = {
      'no session': 401,
      // Not linked to a tenant record: the answer says so and carries nothing else.
      Tenant: 200,
      Maintenance: 403,
      'another landlord': 403,
    };
    for (const caller of Object.keys(expectedStatus) as Caller[]) {
      const response = await send(caller, { method: 'GET', url: '/api/portal/home' });
      expect(response.statusCode, caller).toBe(expectedStatus[caller]);
      expect(response.body, caller).not.toContain(MARKER);
      if (caller === 'Tenant') expect(response.json()).toEqual({ linked: false });
    }
    expect((await world.a.request({ method: 'GET', url: '/api/portal/home' })).statusCode).toBe(
      403,
    );
    expect(await fingerprint(t)).toEqual(before);
  });

  it('shows visitors the public browser without tenants, leases, staff or password hashes', async () => {
    for (const op of operations.filter((o) => o.method === 'GET' && PUBLIC_OPERATIONS.has(o.key))) {
      const response = await t.request({
        method: 'GET',
        url: fillPath(op, world.ids),
        query: { include: 'units' },
      });
      expect(response.statusCode, op.key).toBeLessThan(500);
      expect(response.body, op.key).not.toMatch(LEAK_PATTERN);
      expect(response.body, op.key).not.toMatch(/tenantEmail|"deposit"|"position"/);
    }
  });
});
