import { asc, eq, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../../../shared/schemas/accounts';
import { fingerprint } from '../../test/attack/attack-kit';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { usersTable } from '../users';
import { passwordResetsTable } from './password-resets.table';

const NEW_PASSWORD = 'quiet-copper-meadow-77';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAndLogin(t, 'Admin');
});
afterAll(() => t?.close());

const me = (user: TestUser) => user.request({ method: 'GET', url: '/api/authentication/me' });
const setRoles = (by: TestUser, id: number, roles: string[]) =>
  by.request({ method: 'PUT', url: `/api/accounts/${id}/roles`, payload: { roles } });
const disable = (by: TestUser, id: number) =>
  by.request({ method: 'POST', url: `/api/accounts/${id}/disable` });
const enable = (by: TestUser, id: number) =>
  by.request({ method: 'POST', url: `/api/accounts/${id}/enable` });
const issueReset = (by: TestUser, id: number) =>
  by.request({ method: 'POST', url: `/api/accounts/${id}/password-reset` });
const codeOf = (path: string) => path.replace('/reset-password/', '');
const tryLogin = (userName: string, password: string) =>
  t.request({ method: 'POST', url: '/api/authentication/login', payload: { userName, password } });

describe('GET /api/accounts', () => {
  it('says which organisations each account is in, and as what', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const list = await admin.request({
      method: 'GET',
      url: `/api/accounts?q=${landlord.user.userName}`,
    });
    expect(list.json()).toMatchObject([
      {
        userName: landlord.user.userName,
        teams: [{ organisation: landlord.user.userName, role: 'Owner' }],
      },
    ]);
  });

  it('pages every account for an Admin, with the exact total in X-Total-Count', async () => {
    const prefix = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i++) await signUpAndLogin(t, 'Tenant', `${prefix}_${i}`);
    const first = await admin.request({ method: 'GET', url: `/api/accounts?q=${prefix}&limit=2` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((a: { userName: string }) => a.userName)).toEqual([
      `${prefix}_0`,
      `${prefix}_1`,
    ]);
    const last = await admin.request({
      method: 'GET',
      url: `/api/accounts?q=${prefix.toUpperCase()}&limit=2&offset=4`,
    });
    expect(last.json()).toEqual([
      {
        id: expect.any(Number),
        userName: `${prefix}_4`,
        email: `${prefix}_4@example.com`,
        phone: '+12125550100',
        roles: ['Tenant'],
        disabled: false,
        createdAt: expect.any(String),
        teams: [],
      },
    ]);
    const past = await admin.request({
      method: 'GET',
      url: `/api/accounts?q=${prefix}&limit=2&offset=10`,
    });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it('never answers the password hash', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/accounts?limit=100' });
    expect(response.body).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses a landlord with 403', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    expect((await landlord.request({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(403);
  });
});

describe('PUT /api/accounts/{id}/roles', () => {
  it('grants and revokes Landlord, Maintenance and Admin, effective on the next request', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const granted = await setRoles(admin, user.user.id, ['Tenant', 'Landlord', 'Maintenance']);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().roles).toEqual(['Tenant', 'Landlord', 'Maintenance']);
    expect((await me(user)).json().roles).toEqual(['Tenant', 'Landlord', 'Maintenance']);
    expect((await user.request({ method: 'GET', url: '/api/tenants' })).statusCode).toBe(200);

    expect((await setRoles(admin, user.user.id, ['Admin'])).statusCode).toBe(200);
    expect((await user.request({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(200);
    expect((await setRoles(admin, user.user.id, ['Tenant'])).statusCode).toBe(200);
    expect((await user.request({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(403);
    // The account's roles say what it signed up as; the organisation it founded as a Landlord
    // stays its own (docs/product.md section 32): access to it ends by leaving it.
    expect((await user.request({ method: 'GET', url: '/api/tenants' })).statusCode).toBe(200);
  });

  it.each([
    ['no role', []],
    ['an unknown role', ['Owner']],
    ['a role twice', ['Tenant', 'Tenant']],
    ['a string', 'Admin'],
  ])('refuses %s with 400 and changes nothing', async (_, roles) => {
    const user = await signUpAndLogin(t, 'Tenant');
    const before = await fingerprint(t);
    const response = await admin.request({
      method: 'PUT',
      url: `/api/accounts/${user.user.id}/roles`,
      payload: { roles },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await setRoles(admin, 2_000_000_000, ['Tenant']);
    expect(response.statusCode).toBe(404);
  });

  it('never removes the last active Admin, and says why', async () => {
    const fresh = await createTestApp();
    try {
      const only = await signUpAndLogin(fresh, 'Admin');
      const response = await only.request({
        method: 'PUT',
        url: `/api/accounts/${only.user.id}/roles`,
        payload: { roles: ['Landlord'] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/at least one active Admin/);
      const [row] = await fresh.database.db
        .select()
        .from(usersTable)
        .where(eq(usersTable.id, only.user.id));
      expect(row!.roles).toEqual(['Admin']);
    } finally {
      await fresh.close();
    }
  });

  it('lets one of two Admins demoting each other at once win, and keeps one Admin', async () => {
    const fresh = await createTestApp();
    try {
      const first = await signUpAndLogin(fresh, 'Admin');
      const second = await signUpAndLogin(fresh, 'Admin');
      const demote = (by: TestUser, whom: TestUser) =>
        by.request({
          method: 'PUT',
          url: `/api/accounts/${whom.user.id}/roles`,
          payload: { roles: ['Landlord'] },
        });
      const answers = await Promise.all([demote(first, second), demote(second, first)]);
      // The loser is refused either as the last Admin's demoter (409), or, when the winner
      // committed before the loser's session was read, as no longer an Admin (403).
      const statuses = answers.map((a) => a.statusCode).sort();
      expect([
        [200, 403],
        [200, 409],
      ]).toContainEqual(statuses);
      const admins = (await fresh.database.db.select().from(usersTable)).filter((u) =>
        u.roles.includes('Admin'),
      );
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once and refuses its login with a clear message', async () => {
    const user = await signUpAndLogin(t, 'Landlord');
    const secondSession = await login(t, user.user.userName, user.password);
    const response = await disable(admin, user.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().disabled).toBe(true);
    expect((await me(user)).statusCode).toBe(401);
    expect((await me(secondSession)).statusCode).toBe(401);

    const refused = await tryLogin(user.user.userName, user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account has been disabled. Please contact your landlord or an administrator.',
    );
    expect(refused.cookies).toEqual([]);
    // A wrong password learns nothing about the account's state.
    const wrong = await tryLogin(user.user.userName, 'not-the-password-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Wrong username or password');

    expect((await enable(admin, user.user.id)).json().disabled).toBe(false);
    expect((await tryLogin(user.user.userName, user.password)).statusCode).toBe(200);
  });

  it('refuses to disable your own account', async () => {
    const response = await disable(admin, admin.user.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot disable your own account');
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('lets one of two Admins disabling each other at once win', async () => {
    const fresh = await createTestApp();
    try {
      const first = await signUpAndLogin(fresh, 'Admin');
      const second = await signUpAndLogin(fresh, 'Admin');
      const answers = await Promise.all([
        first.request({ method: 'POST', url: `/api/accounts/${second.user.id}/disable` }),
        second.request({ method: 'POST', url: `/api/accounts/${first.user.id}/disable` }),
      ]);
      // Either the second request finds its caller already disabled (401), or finds
      // the last active Admin (409): never both disabled.
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const active = (await fresh.database.db.select().from(usersTable)).filter(
        (u) => u.roles.includes('Admin') && u.disabledAt === null,
      );
      expect(active).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('one-time password-reset links', () => {
  it('sets a new password once, ends every session, and the old password stops working', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const issued = await issueReset(admin, user.user.id);
    expect(issued.statusCode).toBe(201);
    const { path, expiresAt } = issued.json();
    expect(path).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    const code = codeOf(path);
    // Only a hash is kept.
    const stored = await t.database.db.select().from(passwordResetsTable);
    expect(JSON.stringify(stored)).not.toContain(code);

    const info = await t.request({ method: 'GET', url: `/api/password-resets/${code}` });
    expect(info.json()).toEqual({ userName: user.user.userName, expiresAt });

    const weak = await t.request({
      method: 'POST',
      url: `/api/password-resets/${code}`,
      payload: { password: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/too easy to guess/);

    const done = await t.request({
      method: 'POST',
      url: `/api/password-resets/${code}`,
      payload: { password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(204);
    expect((await me(user)).statusCode).toBe(401);
    expect((await tryLogin(user.user.userName, user.password)).statusCode).toBe(401);
    expect((await tryLogin(user.user.userName, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await t.request({
      method: 'POST',
      url: `/api/password-resets/${code}`,
      payload: { password: 'another-brisk-canal-55' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
    expect((await tryLogin(user.user.userName, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired and a replaced link with a clear message, changing nothing', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const before = await fingerprint(t);
    const unknown = await t.request({
      method: 'POST',
      url: `/api/password-resets/${'x'.repeat(43)}`,
      payload: { password: NEW_PASSWORD },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not valid/);
    expect(await fingerprint(t)).toEqual(before);

    const replaced = codeOf((await issueReset(admin, user.user.id)).json().path);
    const current = codeOf((await issueReset(admin, user.user.id)).json().path);
    const old = await t.request({ method: 'GET', url: `/api/password-resets/${replaced}` });
    expect(old.statusCode).toBe(404);

    t.clock.advance(PASSWORD_RESET_TTL_MS);
    const expiredBefore = await fingerprint(t);
    const expired = await t.request({
      method: 'POST',
      url: `/api/password-resets/${current}`,
      payload: { password: NEW_PASSWORD },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    expect(await fingerprint(t)).toEqual(expiredBefore);
    expect((await tryLogin(user.user.userName, user.password)).statusCode).toBe(200);
    // A day idle ended the Admin's session too.
    admin = await login(t, admin.user.userName, admin.password);
  });

  it('lets one of two uses of one link at once win', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const code = codeOf((await issueReset(admin, user.user.id)).json().path);
    const use = (password: string) =>
      t.request({ method: 'POST', url: `/api/password-resets/${code}`, payload: { password } });
    const answers = await Promise.all([use(NEW_PASSWORD), use('another-brisk-canal-55')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 410]);
  });

  it('refuses a landlord who asks for a link', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const before = await fingerprint(t);
    expect((await issueReset(landlord, admin.user.id)).statusCode).toBe(403);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('the audit trail of account changes', () => {
  async function eventsOf(user: TestUser | null, options: InjectOptions) {
    const rows = await t.database.db.select({ id: auditEventsTable.id }).from(auditEventsTable);
    const since = Math.max(0, ...rows.map((row) => row.id));
    const response = await (user ? user.request(options) : t.request(options));
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(gt(auditEventsTable.id, since))
      .orderBy(asc(auditEventsTable.id));
    return { response, events };
  }

  it('records each change once, with the fields before and after and never a secret', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const id = user.user.id;
    const expectOne = async (
      by: TestUser | null,
      options: InjectOptions,
      action: string,
      fields: { before?: object | null; after?: object },
    ) => {
      const { response, events: all } = await eventsOf(by, options);
      expect(response.statusCode, response.body).toBeLessThan(300);
      // A new Landlord also founds an organisation (its own events, tested with teams).
      const events = all.filter((event) => event.entityType === 'users');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        entityType: 'users',
        entityId: id,
        action,
        actorKind: by ? 'user' : 'visitor',
        actorUserId: by ? by.user.id : null,
        ...fields,
      });
      expect(JSON.stringify(events[0])).not.toMatch(/argon2|passwordHash|reset-password/);
      return response;
    };

    await expectOne(
      admin,
      {
        method: 'PUT',
        url: `/api/accounts/${id}/roles`,
        payload: { roles: ['Tenant', 'Landlord'] },
      },
      'change_roles',
      { before: { roles: ['Tenant'] }, after: { roles: ['Tenant', 'Landlord'] } },
    );
    await expectOne(admin, { method: 'POST', url: `/api/accounts/${id}/disable` }, 'disable', {
      before: { disabledAt: null },
    });
    await expectOne(admin, { method: 'POST', url: `/api/accounts/${id}/enable` }, 'enable', {
      after: { disabledAt: null },
    });
    const issued = await expectOne(
      admin,
      { method: 'POST', url: `/api/accounts/${id}/password-reset` },
      'issue_reset_link',
      { before: null },
    );
    await expectOne(
      null,
      {
        method: 'POST',
        url: `/api/password-resets/${codeOf(issued.json().path)}`,
        payload: { password: NEW_PASSWORD },
      },
      'reset_password',
      { before: null, after: { sessionsEnded: true } },
    );
  });
});
