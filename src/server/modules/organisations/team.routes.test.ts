import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../../shared/constants';
import {
  LAST_OWNER,
  type CreatedMemberInvitation,
  type Team,
} from '../../../shared/schemas/organisations';
import type { SignedInUser } from '../../../shared/schemas/users';
import { createLease, createPropertyWithUnits, posted } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { auditEventsTable } from '../audit';
import { jobsTable } from '../jobs';
import { memberInvitationsTable } from './member-invitations.table';

describe('the team of an organisation', () => {
  let t: TestApp;
  let owner: TestUser;
  let organisationId: number;
  let propertyA: { propertyId: number; units: { id: number }[] };
  let propertyB: { propertyId: number; units: { id: number }[] };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogin(t, 'Landlord');
    organisationId = owner.organisation!.organisationId;
    propertyA = await createPropertyWithUnits(owner, ['Available', 'Available']);
    propertyB = await createPropertyWithUnits(owner, ['Available']);
  });
  afterAll(() => t.close());

  const invite = (
    by: TestUser,
    body: { role: MemberRole; email?: string; propertyIds?: number[] | null },
  ) => posted<CreatedMemberInvitation>(by, '/api/organisation/invitations', body);

  const accept = (person: TestUser, code: string) =>
    person.request({ method: 'POST', url: `/api/member-invitations/${code}/accept` });

  const unitBody = (propertyId: number, unitNumber: string) => ({
    unitNumber,
    propertyId,
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 850,
    rent: 1450,
  });

  /** A new person (any role) who joins the owner's organisation with the role given. */
  async function joined(role: MemberRole, propertyIds: number[] | null = null) {
    const person = await signUpAndLogin(t, 'Tenant');
    const { code } = await invite(owner, { role, propertyIds });
    const response = await accept(person, code);
    expect(response.statusCode, response.body).toBe(200);
    return person;
  }

  const team = async (by: TestUser = owner): Promise<Team> => {
    const response = await by.request({ method: 'GET', url: '/api/organisation/team' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const memberIdOf = async (person: TestUser) =>
    (await team()).members.find((member) => member.userId === person.user.id)!.id;

  it('an Owner invites a Bookkeeper by link; the person who accepts acts as one', async () => {
    const made = await invite(owner, { role: 'Bookkeeper', email: 'books@example.com' });
    expect(made).toMatchObject({
      role: 'Bookkeeper',
      email: 'books@example.com',
      propertyIds: null,
      state: 'pending',
      invitedBy: owner.user.userName,
      path: `/join/${made.code}`,
    });
    const stored = await t.database.db
      .select()
      .from(memberInvitationsTable)
      .where(eq(memberInvitationsTable.id, made.id));
    expect(stored[0]!.codeHash).not.toBe(made.code);

    const preview = await t.request({ method: 'GET', url: `/api/member-invitations/${made.code}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      organisationName: owner.organisation!.organisationName,
      role: 'Bookkeeper',
      state: 'pending',
    });

    const bookkeeper = await signUpAndLogin(t, 'Tenant');
    const accepted = await accept(bookkeeper, made.code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as SignedInUser).organisation).toMatchObject({
      organisationId,
      role: 'Bookkeeper',
      propertyIds: null,
    });
    const me = await bookkeeper.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().organisation).toMatchObject({ organisationId, role: 'Bookkeeper' });

    const mine = await bookkeeper.request({ method: 'GET', url: '/api/properties?mine=true' });
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([propertyA.propertyId, propertyB.propertyId].sort());
    const dashboard = await bookkeeper.request({ method: 'GET', url: '/api/landlord/dashboard' });
    expect(dashboard.statusCode, dashboard.body).toBe(200);

    const unitEdit = await bookkeeper.request({
      method: 'PUT',
      url: `/api/units/${propertyA.units[0]!.id}`,
      payload: unitBody(propertyA.propertyId, '999'),
    });
    expect(unitEdit.statusCode).toBe(403);

    const lease = await createLease(owner);
    const charge = await bookkeeper.request({
      method: 'POST',
      url: `/api/leases/${lease.id}/ledger/charges`,
      payload: { category: 'fee', amount: 25, entryDate: '2026-02-01', description: 'Key' },
    });
    expect(charge.statusCode, charge.body).toBe(201);

    const { members, invitations } = await team();
    expect(members.map((m) => [m.userName, m.role, m.isYou])).toEqual([
      [owner.user.userName, 'Owner', true],
      [bookkeeper.user.userName, 'Bookkeeper', false],
    ]);
    expect(invitations[0]).toMatchObject({ id: made.id, state: 'accepted' });

    const joins = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityType, 'members'), eq(auditEventsTable.action, 'member.join')),
      );
    expect(joins.map((event) => event.actorUserId)).toContain(bookkeeper.user.id);

    // Once used, the link works for nobody, and a member cannot join twice.
    const again = await accept(await signUpAndLogin(t, 'Tenant'), made.code);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('invitations.used');
    const twice = await accept(bookkeeper, (await invite(owner, { role: 'Manager' })).code);
    expect(twice.statusCode).toBe(409);
    expect((await team()).members).toHaveLength(2);
  });

  it('a leasing agent limited to one property sees and reaches only that property', async () => {
    const agent = await joined('Leasing agent', [propertyA.propertyId]);
    expect((await team(agent)).members.find((m) => m.isYou)).toMatchObject({
      role: 'Leasing agent',
      propertyIds: [propertyA.propertyId],
    });
    const edit = (unitId: number, propertyId: number) =>
      agent.request({
        method: 'PUT',
        url: `/api/units/${unitId}`,
        payload: unitBody(propertyId, '7A'),
      });
    expect((await edit(propertyB.units[0]!.id, propertyB.propertyId)).statusCode).toBe(404);
    const own = await edit(propertyA.units[1]!.id, propertyA.propertyId);
    expect(own.statusCode, own.body).toBe(200);
    const properties = await agent.request({ method: 'GET', url: '/api/properties?mine=true' });
    expect(properties.json().map((p: { id: number }) => p.id)).toEqual([propertyA.propertyId]);
    const units = await agent.request({ method: 'GET', url: '/api/units?mine=true' });
    expect(new Set(units.json().map((u: { propertyId: number }) => u.propertyId))).toEqual(
      new Set([propertyA.propertyId]),
    );
  });

  it("a property outside the organisation cannot be in an invitation's limit", async () => {
    const stranger = await signUpAndLogin(t, 'Landlord');
    const theirs = await createPropertyWithUnits(stranger);
    const response = await owner.request({
      method: 'POST',
      url: '/api/organisation/invitations',
      payload: { role: 'Manager', propertyIds: [propertyA.propertyId, theirs.propertyId] },
    });
    expect(response.statusCode).toBe(404);
    const bad = await owner.request({
      method: 'POST',
      url: '/api/organisation/invitations',
      payload: { role: 'Chief', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removing a member ends their sessions in the organisation at once', async () => {
    const member = await joined('Manager');
    const memberId = await memberIdOf(member);
    const removed = await owner.request({
      method: 'DELETE',
      url: `/api/organisation/members/${memberId}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await member.request({ method: 'GET', url: '/api/organisation/team' });
    expect(after.statusCode).toBe(401);
    const me = await member.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.statusCode).toBe(401);
    expect((await team()).members.map((m) => m.userId)).not.toContain(member.user.id);
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityId, memberId), eq(auditEventsTable.action, 'member.remove')),
      );
    expect(events).toHaveLength(1);
  });

  it("an Owner's links stop working when they leave the team", async () => {
    const coOwner = await joined('Owner');
    const theirs = await invite(coOwner, { role: 'Manager' });
    const removed = await owner.request({
      method: 'DELETE',
      url: `/api/organisation/members/${await memberIdOf(coOwner)}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await team()).invitations.find((i) => i.id === theirs.id)!.state).toBe('revoked');
    const refused = await accept(await signUpAndLogin(t, 'Tenant'), theirs.code);
    expect(refused.statusCode).toBe(410);
  });

  it("an Owner's links stop working when an Admin disables their account", async () => {
    const coOwner = await joined('Owner');
    const theirs = await invite(coOwner, { role: 'Bookkeeper' });
    const admin = await signUpAndLogin(t, 'Admin');
    const disabled = await admin.request({
      method: 'POST',
      url: `/api/accounts/${coOwner.user.id}/disable`,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await team()).invitations.find((i) => i.id === theirs.id)!.state).toBe('revoked');
    expect((await accept(await signUpAndLogin(t, 'Tenant'), theirs.code)).statusCode).toBe(410);
    // The team as the other tests expect it: one Owner.
    const removed = await owner.request({
      method: 'DELETE',
      url: `/api/organisation/members/${await memberIdOf(coOwner)}`,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('the last Owner can be neither demoted nor removed', async () => {
    const ownId = await memberIdOf(owner);
    const demoted = await owner.request({
      method: 'PUT',
      url: `/api/organisation/members/${ownId}`,
      payload: { role: 'Manager' },
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(LAST_OWNER);
    const removed = await owner.request({
      method: 'DELETE',
      url: `/api/organisation/members/${ownId}`,
    });
    expect(removed.statusCode).toBe(409);
    expect((await team()).members.find((m) => m.isYou)!.role).toBe('Owner');
  });

  it('two Owners demoting each other at once leave one Owner', async () => {
    const second = await joined('Owner');
    const [ownId, secondId] = [await memberIdOf(owner), await memberIdOf(second)];
    const answers = await Promise.all([
      owner.request({
        method: 'PUT',
        url: `/api/organisation/members/${secondId}`,
        payload: { role: 'Manager' },
      }),
      second.request({
        method: 'PUT',
        url: `/api/organisation/members/${ownId}`,
        payload: { role: 'Manager' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const owners = (await team()).members.filter((m) => m.role === 'Owner');
    expect(owners).toHaveLength(1);
    // Back to the test owner as the one Owner, for the tests that follow.
    if (owners[0]!.userId === second.user.id) {
      const restored = await second.request({
        method: 'PUT',
        url: `/api/organisation/members/${ownId}`,
        payload: { role: 'Owner' },
      });
      expect(restored.statusCode).toBe(200);
    }
    const cleanup = await owner.request({
      method: 'DELETE',
      url: `/api/organisation/members/${secondId}`,
    });
    expect(cleanup.statusCode).toBe(204);
  });

  it('a used, withdrawn or expired link is refused; an unknown one is not found', async () => {
    const person = await signUpAndLogin(t, 'Tenant');
    const withdrawn = await invite(owner, { role: 'Read-only' });
    const revoke = await owner.request({
      method: 'POST',
      url: `/api/organisation/invitations/${withdrawn.id}/revoke`,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().state).toBe('revoked');
    const again = await owner.request({
      method: 'POST',
      url: `/api/organisation/invitations/${withdrawn.id}/revoke`,
    });
    expect(again.statusCode).toBe(409);
    const preview = await t.request({
      method: 'GET',
      url: `/api/member-invitations/${withdrawn.code}`,
    });
    expect(preview.json().state).toBe('revoked');
    const refused = await accept(person, withdrawn.code);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('invitations.revoked');

    const old = await invite(owner, { role: 'Read-only' });
    await t.database.db
      .update(memberInvitationsTable)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(memberInvitationsTable.id, old.id));
    const expired = await accept(person, old.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitations.expired');

    const unknown = 'x'.repeat(43);
    expect(
      (await t.request({ method: 'GET', url: `/api/member-invitations/${unknown}` })).statusCode,
    ).toBe(404);
    expect((await accept(person, unknown)).statusCode).toBe(404);
    const me = await person.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().organisations).toEqual([]);
  });

  it('only an Owner invites, renames or changes the team', async () => {
    const manager = await joined('Manager');
    const invited = await manager.request({
      method: 'POST',
      url: '/api/organisation/invitations',
      payload: { role: 'Manager' },
    });
    expect(invited.statusCode).toBe(403);
    const renamed = await manager.request({
      method: 'PUT',
      url: '/api/organisation',
      payload: { name: 'Taken over' },
    });
    expect(renamed.statusCode).toBe(403);
    expect((await team(manager)).organisation.name).toBe(owner.organisation!.organisationName);

    const ownRename = await owner.request({
      method: 'PUT',
      url: '/api/organisation',
      payload: { name: 'Maple Homes' },
    });
    expect(ownRename.json()).toEqual({ id: organisationId, name: 'Maple Homes' });
    const me = await manager.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().organisation.organisationName).toBe('Maple Homes');

    // The Owner limits the manager to one property; the change holds from their next call.
    const changed = await owner.request({
      method: 'PUT',
      url: `/api/organisation/members/${await memberIdOf(manager)}`,
      payload: { role: 'Maintenance coordinator', propertyIds: [propertyB.propertyId] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'Maintenance coordinator',
      propertyIds: [propertyB.propertyId],
    });
    const properties = await manager.request({ method: 'GET', url: '/api/properties?mine=true' });
    expect(properties.json().map((p: { id: number }) => p.id)).toEqual([propertyB.propertyId]);
  });

  it('a person in two organisations switches between them', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const own = landlord.organisation!.organisationId;
    const { code } = await invite(owner, { role: 'Manager' });
    const accepted = (await accept(landlord, code)).json() as SignedInUser;
    expect(accepted.organisation!.organisationId).toBe(organisationId);
    expect(accepted.organisations.map((o) => o.id)).toEqual([own, organisationId]);

    const switchTo = (id: number) =>
      landlord.request({
        method: 'POST',
        url: '/api/organisation/current',
        payload: { organisationId: id },
      });
    const back = await switchTo(own);
    expect(back.statusCode).toBe(200);
    expect(back.json().organisation).toMatchObject({ organisationId: own, role: 'Owner' });
    expect((await team(landlord)).organisation.id).toBe(own);
    const me = await landlord.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().organisation.organisationId).toBe(own);

    const stranger = await signUpAndLogin(t, 'Landlord');
    expect((await switchTo(stranger.organisation!.organisationId)).statusCode).toBe(404);
    expect((await switchTo(organisationId)).json().organisation.role).toBe('Manager');

    // Each switch is recorded in the organisation switched to, with the role held there.
    const switches = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.actorUserId, landlord.user.id),
          eq(auditEventsTable.action, 'organisation.switch'),
        ),
      )
      .orderBy(auditEventsTable.id);
    expect(
      switches.map((e) => [e.entityId, e.organisationId, e.actorRole, e.before, e.after]),
    ).toEqual([
      [
        own,
        own,
        'Owner',
        { organisationId, name: expect.any(String) },
        { organisationId: own, name: expect.any(String) },
      ],
      [
        organisationId,
        organisationId,
        'Manager',
        { organisationId: own, name: expect.any(String) },
        { organisationId, name: expect.any(String) },
      ],
    ]);
  });

  it('a person who belongs to no organisation has no team', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const response = await tenant.request({ method: 'GET', url: '/api/organisation/team' });
    expect(response.statusCode).toBe(403);
  });
});

describe('team invitation mail (mail configured)', () => {
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

  it('mails the link through the outbox; the mail holds the code, the database not', async () => {
    const owner = await signUpAndLogin(m, 'Landlord');
    const made = await posted<CreatedMemberInvitation>(owner, '/api/organisation/invitations', {
      role: 'Manager',
      email: 'new.manager@example.com',
    });
    expect(await m.app.jobs.runDueJobs(m.clock.now)).toMatchObject({ retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ value: [{ address: 'new.manager@example.com' }] });
    expect(mail!.text).toContain(`${PUBLIC_URL}/join/${made.code}`);
    expect(mail!.text).toContain('as Manager');
    const stored = JSON.stringify([
      await m.database.db.select().from(memberInvitationsTable),
      await m.database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'mail.send')),
      await m.database.db.select().from(auditEventsTable),
    ]);
    expect(stored).not.toContain(made.code);
  });
});
