import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_PENDING,
  INVITATION_NOT_VALID,
  INVITATION_REVOKED,
  INVITATION_TTL_MS,
  INVITATION_USED,
  ACCOUNT_LINKED_TO_OTHER_TENANT,
} from '../../../shared/schemas/invitations';
import { fingerprint } from '../../test/attack/attack-kit';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { hashOneTimeCode } from '../auth';
import { jobsTable } from '../jobs';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { invitationsTable } from './invitations.table';
import { calendarDate } from '../../../shared/dates';

const CODE_PATH = /^\/invitations\/([A-Za-z0-9_-]{43})$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Place {
  propertyId: number;
  propertyName: string;
  tenantId: number;
  unitNumber: string;
}

/** A property of the landlord with one tenant on its unit. */
async function placeTenant(
  app: TestApp,
  landlord: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Place> {
  const { propertyId, units } = await createPropertyWithUnits(landlord);
  const tenant = await landlord.request({
    method: 'POST',
    url: '/api/tenants',
    payload: tenantBody(units[0]!.id, overrides),
  });
  expect(tenant.statusCode, tenant.body).toBe(201);
  const property = await app.request({ method: 'GET', url: `/api/properties/${propertyId}` });
  return {
    propertyId,
    propertyName: property.json().name,
    tenantId: tenant.json().id,
    unitNumber: units[0]!.unitNumber,
  };
}

async function addStaff(landlord: TestUser, propertyId: number): Promise<number> {
  const response = await landlord.request({
    method: 'POST',
    url: '/api/staff',
    payload: {
      propertyId,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '+12125550102',
      position: 'Superintendent',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Kind = 'tenants' | 'staff';
const invite = (by: TestUser, kind: Kind, id: number) =>
  by.request({ method: 'POST', url: `/api/${kind}/${id}/invitations` });
const listOf = (by: TestUser, kind: Kind, id: number) =>
  by.request({ method: 'GET', url: `/api/${kind}/${id}/invitations` });
const revoke = (by: TestUser, id: number) =>
  by.request({ method: 'POST', url: `/api/invitations/${id}/revoke` });
const preview = (code: string) =>
  t.request({ method: 'GET', url: `/api/invitations/by-code/${code}` });
const accept = (by: TestUser, code: string) =>
  by.request({ method: 'POST', url: `/api/invitations/by-code/${code}/accept` });

/** The code of a fresh invitation's answer, checked for shape. */
function codeOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(201);
  const match = CODE_PATH.exec(response.json().path as string);
  expect(match, response.body).not.toBeNull();
  return match![1]!;
}

async function inviteTenant(landlord: TestUser, tenantId: number) {
  const response = await invite(landlord, 'tenants', tenantId);
  return { code: codeOf(response), id: response.json().invitation.id as number, response };
}

async function linkOfTenant(id: number): Promise<number | null> {
  const [row] = await t.database.db
    .select({ userId: tenantsTable.userId })
    .from(tenantsTable)
    .where(eq(tenantsTable.id, id));
  return row!.userId;
}

async function linkOfStaff(id: number): Promise<number | null> {
  const [row] = await t.database.db
    .select({ userId: staffTable.userId })
    .from(staffTable)
    .where(eq(staffTable.id, id));
  return row!.userId;
}

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

describe('tenant invitations', () => {
  it('a tenant who moved to another unit keeps their login: the new tenancy takes it over', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const first = await placeTenant(t, landlord);
    const second = await placeTenant(t, landlord, { firstName: 'Ada', email: 'ada2@x.org' });
    const person = await signUpAndLogin(t, 'Tenant');
    expect(
      (await accept(person, (await inviteTenant(landlord, first.tenantId)).code)).statusCode,
    ).toBe(200);

    // While the first tenancy runs, the login stays with it.
    const { code } = await inviteTenant(landlord, second.tenantId);
    expectError(await accept(person, code), 409, ACCOUNT_LINKED_TO_OTHER_TENANT);
    expect(await linkOfTenant(first.tenantId)).toBe(person.user.id);

    const today = calendarDate(t.clock.now, t.config.timeZone);
    const out = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${first.tenantId}/move-out`,
      payload: { moveOutDate: today },
    });
    expect(out.statusCode, out.body).toBe(200);
    const moved = await accept(person, code);
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await linkOfTenant(first.tenantId), await linkOfTenant(second.tenantId)]).toEqual([
      null,
      person.user.id,
    ]);
    const history = await landlord.request({
      method: 'GET',
      url: `/api/tenants/${first.tenantId}/history`,
    });
    expect(history.body).toContain('portal_moved_on');
  });

  it('create, read by code, accept: the Tenant account becomes the tenant record', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const { code, id, response } = await inviteTenant(landlord, place.tenantId);
    expect(response.json()).toEqual({
      invitation: {
        id,
        state: 'pending',
        createdAt: t.clock.now.toISOString(),
        expiresAt: new Date(t.clock.now.getTime() + INVITATION_TTL_MS).toISOString(),
        acceptedAt: null,
        revokedAt: null,
      },
      path: `/invitations/${code}`,
      emailedTo: null,
    });
    // Only the hash is stored, and no mail is queued on a server without mail.
    const [row] = await t.database.db
      .select()
      .from(invitationsTable)
      .where(eq(invitationsTable.id, id));
    expect(row!.codeHash).toBe(hashOneTimeCode(code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(
      await t.database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'mail.send')),
    ).toEqual([]);

    const shown = await preview(code);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      kind: 'tenant',
      name: 'Ada Lovelace',
      propertyName: place.propertyName,
      unitNumber: place.unitNumber,
      landlordName: landlord.user.userName,
      // The email the tenant record has, which the sign-up form starts with.
      email: 'ada@example.com',
      expiresAt: new Date(t.clock.now.getTime() + INVITATION_TTL_MS).toISOString(),
    });

    const tenant = await signUpAndLogin(t, 'Tenant');
    const accepted = await accept(tenant, code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ kind: 'tenant', tenantId: place.tenantId, staffId: null });
    expect(await linkOfTenant(place.tenantId)).toBe(tenant.user.id);

    const list = await listOf(landlord, 'tenants', place.tenantId);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      linkedUser: { id: tenant.user.id, userName: tenant.user.userName },
      invitations: [
        expect.objectContaining({ id, state: 'accepted', acceptedAt: t.clock.now.toISOString() }),
      ],
    });

    // Used up: the link says so, and the record cannot be invited again.
    expectError(await preview(code), 410, INVITATION_USED);
    expectError(await accept(await signUpAndLogin(t, 'Tenant'), code), 410, INVITATION_USED);
    expectError(
      await invite(landlord, 'tenants', place.tenantId),
      409,
      'This tenant is already linked to an account',
    );
    expectError(await revoke(landlord, id), 409, INVITATION_NOT_PENDING);

    // The record's history says who invited and who accepted, never the code or its hash.
    const history = await landlord.request({
      method: 'GET',
      url: `/api/tenants/${place.tenantId}/history`,
    });
    expect(history.statusCode).toBe(200);
    const actions = (history.json() as { action: string; actor: { userId: number } }[]).map(
      (event) => [event.action, event.actor.userId],
    );
    expect(actions.slice(0, 2)).toEqual([
      ['accept_invitation', tenant.user.id],
      ['invite', landlord.user.id],
    ]);
    const events = JSON.stringify(
      await t.database.db
        .select()
        .from(auditEventsTable)
        .where(
          and(
            eq(auditEventsTable.entityType, 'tenants'),
            eq(auditEventsTable.entityId, place.tenantId),
          ),
        ),
    );
    expect(events).not.toContain(code);
    expect(events).not.toContain(hashOneTimeCode(code));
  });

  // Fastify itself answers 414 for a path parameter over 100 characters.
  it('answers 404 for a code that matches nothing and 400 for junk, linking nothing', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const before = await fingerprint(t);
    const unknown = 'A'.repeat(43);
    expectError(await preview(unknown), 404, INVITATION_NOT_VALID);
    expectError(await accept(tenant, unknown), 404, INVITATION_NOT_VALID);
    // A code that cannot be one is refused before any lookup, with the same words.
    expectError(await preview('short'), 400, INVITATION_NOT_VALID);
    for (const junk of [
      'short',
      'x'.repeat(101),
      'not a code at all, not at all',
      '%00'.repeat(10),
    ]) {
      const path = encodeURIComponent(junk);
      const shown = await t.request({ method: 'GET', url: `/api/invitations/by-code/${path}` });
      expect([400, 404, 414], `${junk} -> ${shown.body}`).toContain(shown.statusCode);
      const accepted = await tenant.request({
        method: 'POST',
        url: `/api/invitations/by-code/${path}/accept`,
      });
      expect([400, 404, 414], `${junk} -> ${accepted.body}`).toContain(accepted.statusCode);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('a withdrawn invitation answers 410 and links nothing; it cannot be withdrawn twice', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const { code, id } = await inviteTenant(landlord, place.tenantId);
    const revoked = await revoke(landlord, id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      id,
      state: 'revoked',
      revokedAt: t.clock.now.toISOString(),
      acceptedAt: null,
    });
    const tenant = await signUpAndLogin(t, 'Tenant');
    const before = await fingerprint(t);
    expectError(await preview(code), 410, INVITATION_REVOKED);
    expectError(await accept(tenant, code), 410, INVITATION_REVOKED);
    expectError(await revoke(landlord, id), 409, INVITATION_NOT_PENDING);
    expect(await fingerprint(t)).toEqual(before);
    expect(await linkOfTenant(place.tenantId)).toBeNull();
  });

  it('expires after 14 days: 410, links nothing, listed as expired', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const tenantAccount = await signUpAndLogin(t, 'Tenant');
    const place = await placeTenant(t, landlord);
    const { code, id } = await inviteTenant(landlord, place.tenantId);
    t.clock.advance(INVITATION_TTL_MS - 1);
    expect((await preview(code)).statusCode).toBe(200);
    t.clock.advance(1);
    // The sessions have ended meanwhile: log in again.
    const owner = await login(t, landlord.user.userName, landlord.password);
    const tenant = await login(t, tenantAccount.user.userName, tenantAccount.password);
    const before = await fingerprint(t);
    expectError(await preview(code), 410, INVITATION_EXPIRED);
    expectError(await accept(tenant, code), 410, INVITATION_EXPIRED);
    expectError(await revoke(owner, id), 409, INVITATION_NOT_PENDING);
    expect(await fingerprint(t)).toEqual(before);
    expect(await linkOfTenant(place.tenantId)).toBeNull();
    const list = await listOf(owner, 'tenants', place.tenantId);
    expect(list.json()).toEqual({
      linkedUser: null,
      invitations: [expect.objectContaining({ id, state: 'expired', revokedAt: null })],
    });
    // A new invitation still works: re-issuing is how an expired link is replaced.
    const fresh = await inviteTenant(owner, place.tenantId);
    expect((await accept(tenant, fresh.code)).statusCode).toBe(200);
    expect(await linkOfTenant(place.tenantId)).toBe(tenantAccount.user.id);
  });

  it('re-issuing withdraws the earlier pending invitation: one live link at a time', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const first = await inviteTenant(landlord, place.tenantId);
    t.clock.advance(1_000);
    const second = await inviteTenant(landlord, place.tenantId);
    const list = await listOf(landlord, 'tenants', place.tenantId);
    expect(list.json().invitations).toEqual([
      expect.objectContaining({ id: second.id, state: 'pending', revokedAt: null }),
      expect.objectContaining({
        id: first.id,
        state: 'revoked',
        revokedAt: t.clock.now.toISOString(),
      }),
    ]);
    const tenant = await signUpAndLogin(t, 'Tenant');
    expectError(await accept(tenant, first.code), 410, INVITATION_REVOKED);
    expect(await linkOfTenant(place.tenantId)).toBeNull();
    expect((await accept(tenant, second.code)).statusCode).toBe(200);
    expect(await linkOfTenant(place.tenantId)).toBe(tenant.user.id);
    const history = await landlord.request({
      method: 'GET',
      url: `/api/tenants/${place.tenantId}/history`,
    });
    expect((history.json() as { action: string }[]).map((event) => event.action)).toEqual(
      expect.arrayContaining(['invite', 'revoke_invitation', 'invite', 'accept_invitation']),
    );
  });

  it('refuses a Landlord or Maintenance account with 403, linking nothing', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const otherLandlord = await signUpAndLogin(t, 'Landlord');
    const worker = await signUpAndLogin(t, 'Maintenance');
    const place = await placeTenant(t, landlord);
    const { code } = await inviteTenant(landlord, place.tenantId);
    const before = await fingerprint(t);
    const message = 'Log in with a Tenant account to accept this invitation';
    for (const account of [landlord, otherLandlord, worker]) {
      expectError(await accept(account, code), 403, message);
    }
    expect(await fingerprint(t)).toEqual(before);
    expect(await linkOfTenant(place.tenantId)).toBeNull();
    expect((await preview(code)).statusCode).toBe(200);
  });

  it('answers 401 to an accept without a session', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const { code } = await inviteTenant(landlord, place.tenantId);
    const before = await fingerprint(t);
    const response = await t.request({
      method: 'POST',
      url: `/api/invitations/by-code/${code}/accept`,
    });
    expect(response.statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
    expect((await preview(code)).statusCode).toBe(200);
  });

  it('of two simultaneous accepts of one code by two Tenant accounts, exactly one wins', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    for (let round = 0; round < 3; round++) {
      const place = await placeTenant(t, landlord);
      const accounts = await signUpAll(t, ['Tenant', 'Tenant']);
      const { code, id } = await inviteTenant(landlord, place.tenantId);
      const answers = await Promise.all(accounts.map((account) => accept(account, code)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      const bodies = answers.map((answer) => answer.body).join(' | ');
      expect(statuses[0], bodies).toBe(200);
      expect([409, 410], bodies).toContain(statuses[1]);
      const winner = accounts[answers.findIndex((answer) => answer.statusCode === 200)]!;
      expect(await linkOfTenant(place.tenantId)).toBe(winner.user.id);
      const [row] = await t.database.db
        .select()
        .from(invitationsTable)
        .where(eq(invitationsTable.id, id));
      expect(row!.acceptedByUserId).toBe(winner.user.id);
      // The loser is linked to nothing.
      const loser = accounts.find((account) => account !== winner)!;
      const linked = await t.database.db
        .select()
        .from(tenantsTable)
        .where(eq(tenantsTable.userId, loser.user.id));
      expect(linked).toEqual([]);
    }
  });

  it('refuses an account already linked to another tenant record (409), linking nothing more', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const one = await placeTenant(t, landlord);
    const two = await placeTenant(t, landlord, { firstName: 'Bea' });
    const tenant = await signUpAndLogin(t, 'Tenant');
    const first = await inviteTenant(landlord, one.tenantId);
    expect((await accept(tenant, first.code)).statusCode).toBe(200);
    const second = await inviteTenant(landlord, two.tenantId);
    const before = await fingerprint(t);
    expectError(
      await accept(tenant, second.code),
      409,
      'Your account is already linked to another tenant record',
    );
    expect(await fingerprint(t)).toEqual(before);
    expect(await linkOfTenant(two.tenantId)).toBeNull();
    expect((await preview(second.code)).statusCode).toBe(200);
  });

  it('of two simultaneous accepts of two tenant records by one account, exactly one links', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const one = await placeTenant(t, landlord);
    const two = await placeTenant(t, landlord);
    const tenant = await signUpAndLogin(t, 'Tenant');
    const codes = [
      (await inviteTenant(landlord, one.tenantId)).code,
      (await inviteTenant(landlord, two.tenantId)).code,
    ];
    const answers = await Promise.all(codes.map((code) => accept(tenant, code)));
    const bodies = answers.map((answer) => answer.body).join(' | ');
    expect(answers.map((answer) => answer.statusCode).sort(), bodies).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'Your account is already linked to another tenant record',
    );
    const links = [await linkOfTenant(one.tenantId), await linkOfTenant(two.tenantId)];
    expect(links.filter((link) => link === tenant.user.id)).toHaveLength(1);
    expect(links).toContain(null);
  });

  it('answers another landlord 404 on create, list and revoke, and changes nothing', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const other = await signUpAndLogin(t, 'Landlord');
    const tenantUser = await signUpAndLogin(t, 'Tenant');
    const worker = await signUpAndLogin(t, 'Maintenance');
    const place = await placeTenant(t, landlord);
    const staffId = await addStaff(landlord, place.propertyId);
    const { id } = await inviteTenant(landlord, place.tenantId);
    const staffInvitation = await invite(landlord, 'staff', staffId);
    expect(staffInvitation.statusCode).toBe(201);
    const before = await fingerprint(t);
    expectError(await invite(other, 'tenants', place.tenantId), 404, 'Tenant not found');
    expectError(await listOf(other, 'tenants', place.tenantId), 404, 'Tenant not found');
    expectError(await invite(other, 'staff', staffId), 404, 'Staff member not found');
    expectError(await listOf(other, 'staff', staffId), 404, 'Staff member not found');
    expectError(await revoke(other, id), 404, 'Invitation not found');
    expectError(
      await revoke(other, staffInvitation.json().invitation.id),
      404,
      'Invitation not found',
    );
    expectError(await revoke(other, 2_000_000_000), 404, 'Invitation not found');
    // Tenant and Maintenance accounts manage nothing; without a session, 401.
    for (const user of [tenantUser, worker]) {
      expect((await invite(user, 'tenants', place.tenantId)).statusCode).toBe(403);
      expect((await listOf(user, 'staff', staffId)).statusCode).toBe(403);
      expect((await revoke(user, id)).statusCode).toBe(403);
    }
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/tenants/${place.tenantId}/invitations`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
    const list = await listOf(landlord, 'tenants', place.tenantId);
    expect(list.json().invitations).toEqual([expect.objectContaining({ id, state: 'pending' })]);
  });

  it('lets an Admin invite for any landlord', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const admin = await signUpAndLogin(t, 'Admin');
    const place = await placeTenant(t, landlord);
    const { id } = await inviteTenant(admin, place.tenantId);
    const list = await listOf(landlord, 'tenants', place.tenantId);
    expect(list.json().invitations).toEqual([expect.objectContaining({ id, state: 'pending' })]);
  });
});

describe('staff invitations', () => {
  it('a Maintenance account accepts and becomes the staff record; a Tenant account may not', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const staffId = await addStaff(landlord, place.propertyId);
    const created = await invite(landlord, 'staff', staffId);
    const code = codeOf(created);
    expect(created.json().invitation.state).toBe('pending');

    const shown = await preview(code);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      kind: 'staff',
      name: 'Grace Hopper',
      propertyName: place.propertyName,
      unitNumber: null,
      landlordName: landlord.user.userName,
      email: 'grace@example.com',
      expiresAt: created.json().invitation.expiresAt,
    });

    const tenant = await signUpAndLogin(t, 'Tenant');
    expectError(
      await accept(tenant, code),
      403,
      'Log in with a Maintenance account to accept this invitation',
    );
    expect(await linkOfStaff(staffId)).toBeNull();

    const worker = await signUpAndLogin(t, 'Maintenance');
    const accepted = await accept(worker, code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ kind: 'staff', tenantId: null, staffId });
    expect(await linkOfStaff(staffId)).toBe(worker.user.id);

    const list = await listOf(landlord, 'staff', staffId);
    expect(list.json()).toEqual({
      linkedUser: { id: worker.user.id, userName: worker.user.userName },
      invitations: [expect.objectContaining({ state: 'accepted' })],
    });
    expectError(
      await invite(landlord, 'staff', staffId),
      409,
      'This staff member is already linked to an account',
    );

    // The same account can act as one staff record only.
    const otherStaff = await addStaff(landlord, place.propertyId);
    const second = codeOf(await invite(landlord, 'staff', otherStaff));
    expectError(
      await accept(worker, second),
      409,
      'Your account is already linked to another staff record',
    );
    expect(await linkOfStaff(otherStaff)).toBeNull();
  });

  it('deleting the record deletes its invitations: the link then matches nothing', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const place = await placeTenant(t, landlord);
    const staffId = await addStaff(landlord, place.propertyId);
    const code = codeOf(await invite(landlord, 'staff', staffId));
    const removed = await landlord.request({ method: 'DELETE', url: `/api/staff/${staffId}` });
    expect(removed.statusCode).toBe(204);
    expectError(await preview(code), 404, INVITATION_NOT_VALID);
  });
});

describe('invitation mail (mail configured)', () => {
  const PUBLIC_URL = 'https://rent.example.test';
  let smtp: SmtpReceiver;
  let m: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    m = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Porchlight <no-reply@example.test>', timeoutMs: 5_000 },
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  it("mails the link to the tenant's email through the outbox; the mail holds the code, the database not", async () => {
    const landlord = await signUpAndLogin(m, 'Landlord');
    const place = await placeTenant(m, landlord, { email: 'ada.invite@example.com' });
    const created = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${place.tenantId}/invitations`,
    });
    const code = codeOf(created);
    expect(created.json().emailedTo).toBe('ada.invite@example.com');
    expect(smtp.received).toHaveLength(0);
    expect(await m.app.jobs.runDueJobs(m.clock.now)).toMatchObject({ retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ value: [{ address: 'ada.invite@example.com' }] });
    expect(mail!.subject).toBe(`${landlord.user.userName} invites you to Porchlight`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/invitations/${code}`);
    expect(mail!.text).toContain('Hello Ada Lovelace');
    expect(mail!.text).toContain(place.propertyName);
    expect(mail!.text).toContain('Tenant account');

    // The settled job and the invitation row keep no code.
    const stored = JSON.stringify([
      await m.database.db.select().from(invitationsTable),
      await m.database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'mail.send')),
      await m.database.db.select().from(auditEventsTable),
    ]);
    expect(stored).not.toContain(code);

    // The mailed link works like the answer's.
    const tenant = await signUpAndLogin(m, 'Tenant');
    const accepted = await tenant.request({
      method: 'POST',
      url: `/api/invitations/by-code/${code}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('a refused invitation mails nothing', async () => {
    const landlord = await signUpAndLogin(m, 'Landlord');
    const other = await signUpAndLogin(m, 'Landlord');
    const place = await placeTenant(m, landlord);
    smtp.received.length = 0;
    const refused = await other.request({
      method: 'POST',
      url: `/api/tenants/${place.tenantId}/invitations`,
    });
    expect(refused.statusCode).toBe(404);
    await m.app.jobs.runDueJobs(m.clock.now);
    expect(smtp.received).toHaveLength(0);
  });
});
