import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEMBER_ROLES, type MemberRole } from '../../../shared/constants';
import { actionOfMethod, memberMay } from '../../../shared/permissions';
import { organisationMembersTable } from '../../modules/organisations';
import { makePhoto, postPhoto } from '../../modules/uploads/uploads.test-helpers';
import { createTestApp, type TestApp, type TestUser } from '../test-app';
import {
  addMember,
  ADMIN_OPERATIONS,
  buildWorld,
  fillPath,
  fingerprint,
  LEAK_PATTERN,
  listOperations,
  managerCalls,
  MARKER,
  namesARecord,
  resourceOf,
  sampleBody,
  sampleBodyFor,
  sampleQuery,
  type ManagerCall,
  type Operation,
  type World,
} from './attack-kit';

/**
 * Every manager's call, made by a member of landlord A's organisation in each role
 * (docs/product.md section 32): the route's area and method decide with `memberMay` whether
 * the role may make it. A refused call answers 403 and writes nothing; an allowed one answers
 * as the Owner's does. A Manager limited to one property meets the others' records as another
 * organisation's (404), and a removed member's session is refused everywhere at once.
 */
const ROLES = MEMBER_ROLES.filter((role) => role !== 'Owner');

let t: TestApp;
let world: World;
let operations: Operation[];
let calls: ManagerCall[];
const members = {} as Record<MemberRole, TestUser>;
/** The Owner's answers to every read, in the world the members read. */
const ownerReads = new Map<string, LightMyRequestResponse>();

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  operations = listOperations(t);
  calls = managerCalls(operations, world.ids);
  for (const role of ROLES) members[role] = await addMember(t, world, role);
  for (const call of calls.filter(({ op }) => op.method === 'GET')) {
    ownerReads.set(call.label, await world.a.request(requestFor(call, world.ids)));
  }
});
afterAll(() => t?.close());

function requestFor(
  call: ManagerCall,
  ids: Record<string, number>,
  bodyIds: Record<string, number> = ids,
): InjectOptions {
  const { op } = call;
  const body = op.body ? sampleBodyFor(op, bodyIds) : undefined;
  return {
    method: op.method,
    url: fillPath(op, ids),
    query: call.query ?? sampleQuery(op, ids),
    ...(body ? { payload: body } : {}),
  };
}

/** Whether the role may make the call: Admin calls no member may, the rest as its area says. */
function roleMay(role: MemberRole, op: Operation): boolean {
  if (ADMIN_OPERATIONS.has(op.key) || !op.area) return false;
  return memberMay(role, op.area, actionOfMethod(op.method));
}

/** An allowed call answers as the Owner's: a success for a success, else the same refusal. */
function sameAnswer(owner: number, member: number): boolean {
  return owner < 300 ? member >= 200 && member < 300 : member === owner;
}

const answer = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${response.body.slice(0, 160)}`;

describe('the access matrix for the members of an organisation', () => {
  it('knows the area of every manager call', () => {
    expect(calls.length).toBeGreaterThanOrEqual(100);
    const withoutArea = calls.filter(({ op }) => !op.area && !ADMIN_OPERATIONS.has(op.key));
    expect(withoutArea.map(({ label }) => label)).toEqual([]);
  });

  for (const role of ROLES) {
    it(`answers a ${role} 403 on every call the role may not make and as the Owner on every read it may, and writes nothing`, async () => {
      const before = await fingerprint(t);
      const failures: string[] = [];
      let refused = 0;
      for (const call of calls) {
        const may = roleMay(role, call.op);
        // Allowed changes are made in worlds of their own (below): they would change this one.
        if (may && call.op.method !== 'GET') continue;
        const response = await members[role].request(requestFor(call, world.ids));
        if (LEAK_PATTERN.test(response.body)) failures.push(`${call.label} leaked internals`);
        if (!may) {
          refused++;
          if (response.statusCode !== 403) failures.push(`${call.label} -> ${answer(response)}`);
          continue;
        }
        const owner = ownerReads.get(call.label)!;
        if (!sameAnswer(owner.statusCode, response.statusCode))
          failures.push(`${call.label} -> ${answer(response)}; the Owner: ${answer(owner)}`);
      }
      expect(failures).toEqual([]);
      expect(await fingerprint(t)).toEqual(before);
      expect(refused).toBeGreaterThanOrEqual(ADMIN_OPERATIONS.size);
    });
  }

  /**
   * Every change a role may make, in a fresh world: the member makes the calls its role allows
   * and the Owner the others, in the same order as the Owner alone does in a world of its own,
   * so both worlds go through the same states and each answer can be compared.
   */
  const changes = (ids: Record<string, number>) => {
    const rank = (op: Operation) => (op.method === 'DELETE' ? 1 : 0);
    return managerCalls(operations, ids)
      .filter(({ op }) => op.method !== 'GET' && !ADMIN_OPERATIONS.has(op.key))
      .sort((x, y) => rank(x.op) - rank(y.op));
  };
  /** A photo is its sender's alone: a body naming photos names the caller's own, new ones. */
  const namesUploads = (op: Operation) =>
    ['uploadId', 'photoIds', 'receiptUploadIds'].some(
      (name) => name in (op.body?.properties ?? {}),
    );
  async function freshUploads(caller: TestUser): Promise<Record<string, number>> {
    const photo = await postPhoto(caller, '/api/uploads', {
      bytes: await makePhoto('jpeg', { width: 32, height: 32 }),
    });
    expect(photo.statusCode).toBe(201);
    const id = photo.json().id as number;
    return { uploads: id, photos: id, receipts: id, receiptUploads: id };
  }
  async function replay(role: MemberRole): Promise<Map<string, LightMyRequestResponse>> {
    const replayWorld = await buildWorld(t);
    const member = role === 'Owner' ? replayWorld.a : await addMember(t, replayWorld, role);
    const answers = new Map<string, LightMyRequestResponse>();
    for (const call of changes(replayWorld.ids)) {
      const caller = roleMay(role, call.op) ? member : replayWorld.a;
      const bodyIds = namesUploads(call.op)
        ? { ...replayWorld.ids, ...(await freshUploads(caller)) }
        : replayWorld.ids;
      answers.set(call.label, await caller.request(requestFor(call, replayWorld.ids, bodyIds)));
    }
    return answers;
  }
  let ownerChanges: Promise<Map<string, LightMyRequestResponse>> | undefined;

  for (const role of ROLES) {
    it(
      `lets a ${role} make every change the role allows, answering as the Owner does`,
      {
        timeout: 90_000,
      },
      async () => {
        const allowed = changes(world.ids).filter(({ op }) => roleMay(role, op));
        if (role === 'Read-only') {
          expect(allowed).toEqual([]);
          return;
        }
        expect(allowed.length).toBeGreaterThan(0);
        const owner = await (ownerChanges ??= replay('Owner'));
        const mine = await replay(role);
        const failures: string[] = [];
        for (const { label } of allowed) {
          const expected = owner.get(label)!;
          const response = mine.get(label)!;
          if (!sameAnswer(expected.statusCode, response.statusCode))
            failures.push(`${label} -> ${answer(response)}; the Owner: ${answer(expected)}`);
          if (LEAK_PATTERN.test(response.body)) failures.push(`${label} leaked internals`);
        }
        expect(failures).toEqual([]);
      },
    );
  }

  it("places a tenant on the organisation's unit only for a role that may write leases; the others are refused, not taken for applicants", async () => {
    const op = operations.find((o) => o.key === 'POST /api/tenants')!;
    for (const role of ROLES) {
      const unit = await world.a.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...sampleBody(t, 'POST /api/units', world.ids), unitNumber: `T-${role}` },
      });
      expect(unit.statusCode).toBe(201);
      const before = await fingerprint(t);
      const response = await members[role].request({
        method: 'POST',
        url: '/api/tenants',
        payload: sampleBodyFor(op, { ...world.ids, units: unit.json().id }),
      });
      if (memberMay(role, 'leasing', 'write')) {
        expect(response.statusCode, role).toBe(201);
        expect(response.json().unitId, role).toBe(unit.json().id);
      } else {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(await fingerprint(t)).toEqual(before);
      }
    }
  });

  describe('a Manager limited to one property', () => {
    let limited: TestUser;
    let allowedProperty: number;
    let allowedUnit: number;

    beforeAll(async () => {
      const property = await world.a.request({
        method: 'POST',
        url: '/api/properties',
        payload: {
          ...sampleBody(t, 'POST /api/properties', world.ids),
          name: 'Allowed Court',
          description: 'The one property the limited manager runs',
        },
      });
      allowedProperty = property.json().id;
      const unit = await world.a.request({
        method: 'POST',
        url: '/api/units',
        payload: {
          ...sampleBody(t, 'POST /api/units', { ...world.ids, properties: allowedProperty }),
          unitNumber: 'L-1',
          description: 'A unit of the allowed property',
        },
      });
      allowedUnit = unit.json().id;
      limited = await addMember(t, world, 'Manager', [allowedProperty]);
    });

    /** Records that belong to the organisation, not to one property: a limited member shares them. */
    const ORGANISATION_WIDE = new Set([
      'vendors',
      'bank-accounts',
      'bank-lines',
      'organisation',
      'member-invitations',
      'members',
    ]);

    const isList = (op: Operation) => op.method === 'GET' && op.pathParams.length === 0;

    it("meets the other property's records as another organisation's: the same 404, and nothing written", async () => {
      const before = await fingerprint(t);
      const failures: string[] = [];
      let checked = 0;
      for (const call of calls) {
        if (ADMIN_OPERATIONS.has(call.op.key) || !namesARecord(call.op, world.ids)) continue;
        if (ORGANISATION_WIDE.has(resourceOf(call.op.path))) continue;
        checked++;
        const response = await limited.request(requestFor(call, world.ids));
        const stranger = await world.b.request(requestFor(call, world.ids));
        // A list filtered by the other property's id may answer, but shows none of its records.
        const refused =
          response.statusCode === 404 || (isList(call.op) && response.statusCode === 200);
        if (response.statusCode !== stranger.statusCode || !refused)
          failures.push(
            `${call.label} -> ${answer(response)}; another organisation: ${answer(stranger)}`,
          );
        if (response.body.includes(MARKER))
          failures.push(`${call.label} showed the other property's records`);
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(50);
      expect(await fingerprint(t)).toEqual(before);
    });

    it('lists only the allowed property and what is under it', async () => {
      const get = async (url: string, query: Record<string, string> = {}) => {
        const response = await limited.request({ method: 'GET', url, query });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain(MARKER);
        return response.json();
      };
      const properties = (await get('/api/properties', { mine: 'true' })) as { id: number }[];
      expect(properties.map((p) => p.id)).toEqual([allowedProperty]);
      const units = (await get('/api/units', { mine: 'true' })) as { id: number }[];
      expect(units.map((u) => u.id)).toEqual([allowedUnit]);
      expect(await get('/api/leases')).toEqual([]);
      expect(await get('/api/tenants')).toEqual([]);
      expect(await get('/api/work-orders')).toEqual([]);
      expect(JSON.stringify(await get('/api/landlord/dashboard'))).toContain('Allowed Court');
      // The same lists, to the Owner, do show the other property.
      const ownerList = await world.a.request({
        method: 'GET',
        url: '/api/properties',
        query: { mine: 'true' },
      });
      expect(ownerList.body).toContain(MARKER);
    });
  });

  it("refuses a removed member's old session on every manager call at once, and writes nothing", async () => {
    const removed = await addMember(t, world, 'Manager');
    const mine = { method: 'GET' as const, url: '/api/properties', query: { mine: 'true' } };
    expect((await removed.request(mine)).statusCode).toBe(200);
    await t.database.db
      .delete(organisationMembersTable)
      .where(eq(organisationMembersTable.id, removed.memberId));
    const before = await fingerprint(t);
    const failures: string[] = [];
    for (const call of calls) {
      const response = await removed.request(requestFor(call, world.ids));
      if (response.statusCode !== 403) failures.push(`${call.label} -> ${answer(response)}`);
      if (response.body.includes(MARKER)) failures.push(`${call.label} leaked A's data`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });
});
