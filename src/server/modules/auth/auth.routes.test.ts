import { eq } from 'drizzle-orm';
import { symbols } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, signUpAndLogin, type TestApp } from '../../test/test-app';
import { sessionsTable } from './sessions.table';

const PASSWORD = 'tidy-lantern-orchard-42';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let nameCounter = 0;
const uniqueName = (prefix = 'user') => `${prefix}${++nameCounter}_${Date.now().toString(36)}`;

async function signUp(t: TestApp, userName: string, role = 'Tenant') {
  const response = await t.request({
    method: 'POST',
    url: '/api/users',
    payload: { Username: userName, Password: PASSWORD, Roles: [role], Email: null, Phone: null },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

const loginRequest = (t: TestApp, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/authentication/login',
    payload: payload as object,
    remoteAddress,
  });

const sessionCookieOf = (response: Awaited<ReturnType<TestApp['request']>>) =>
  response.cookies.find((cookie) => cookie.name === 'porchlight_session');

describe('login, me and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs in with the right password and answers the user with a session cookie', async () => {
    const userName = uniqueName();
    const { id } = await signUp(t, userName, 'Landlord');
    const response = await loginRequest(t, { userName, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      userName,
      email: null,
      phone: null,
      roles: ['Landlord'],
      // Sign-up founded the landlord's organisation; the session acts for it.
      organisation: { organisationName: userName, role: 'Owner', propertyIds: null },
      organisations: [{ name: userName, role: 'Owner' }],
    });
    const cookie = sessionCookieOf(response)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    // 256 random bits, base64url.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts PascalCase and a username in any case', async () => {
    const userName = uniqueName('Mixed');
    await signUp(t, userName);
    const response = await loginRequest(t, {
      Username: userName.toUpperCase(),
      Password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().userName).toBe(userName);
  });

  it('stores only a hash of the session token', async () => {
    const userName = uniqueName();
    const { id } = await signUp(t, userName);
    const response = await loginRequest(t, { userName, password: PASSWORD });
    const token = sessionCookieOf(response)!.value;
    const rows = await t.database.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues a new token at every login', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    const first = sessionCookieOf(await loginRequest(t, { userName, password: PASSWORD }))!.value;
    const second = sessionCookieOf(await loginRequest(t, { userName, password: PASSWORD }))!.value;
    expect(first).not.toBe(second);
  });

  it('logging in again from the same browser ends the session it had', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    const first = sessionCookieOf(await loginRequest(t, { userName, password: PASSWORD }))!.value;
    const again = await t.request({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { cookie: `porchlight_session=${first}` },
      payload: { userName, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const old = await t.request({
      method: 'GET',
      url: '/api/authentication/me',
      headers: { cookie: `porchlight_session=${first}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown user alike, with 401 and no cookie', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    const wrong = await loginRequest(t, { userName, password: 'not-the-password-at-all' });
    const unknown = await loginRequest(t, { userName: uniqueName('ghost'), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Wrong username or password');
  });

  it.each([
    ['no body fields', {}],
    ['no password', { userName: 'someone' }],
    ['no username', { password: PASSWORD }],
    ['a number for the username', { userName: 42, password: PASSWORD }],
    ['an array for the password', { userName: 'someone', password: [PASSWORD] }],
    ['an empty password', { userName: 'someone', password: '' }],
    ['an overlong password', { userName: 'someone', password: 'x'.repeat(2000) }],
  ])('refuses a login with %s as 401 with a message', async (_, payload) => {
    const response = await loginRequest(t, payload, '198.51.100.1');
    expect(response.statusCode).toBe(401);
    expect(typeof response.json().message).toBe('string');
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses a body that is not JSON with a 4xx', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });

  // PostgreSQL text cannot hold NUL: such a name must be refused before the lookup (found by the fuzz suite).
  it('answers 401, not a server error, for a username with a NUL character', async () => {
    const response = await loginRequest(t, { userName: 'ab\u0000c', password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses a NUL character in a sign-up or contact phone with 400', async () => {
    const signup = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: {
        Username: uniqueName('nul'),
        Password: PASSWORD,
        Roles: ['Tenant'],
        Phone: '555\u00000',
      },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors).toHaveProperty('phone');
  });

  it('answers /me with the user while logged in and 401 otherwise', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const me = await tenant.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ ...tenant.user, organisation: null, organisations: [] });
    expect((await t.request({ method: 'GET', url: '/api/authentication/me' })).statusCode).toBe(
      401,
    );
    const forged = await t.request({
      method: 'GET',
      url: '/api/authentication/me',
      headers: { cookie: 'porchlight_session=not-a-real-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('logout ends the session in the database, so a copied cookie cannot be replayed', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const logout = await tenant.request({ method: 'POST', url: '/api/authentication/logout' });
    expect(logout.statusCode).toBe(204);
    const cleared = sessionCookieOf(logout)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());
    const rows = await t.database.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, tenant.user.id));
    expect(rows).toHaveLength(0);
    const replay = await tenant.request({ method: 'GET', url: '/api/authentication/me' });
    expect(replay.statusCode).toBe(401);
    const replayedWrite = await tenant.request({
      method: 'PUT',
      url: `/api/users/${tenant.user.id}/contact`,
      payload: { email: 'replay@example.com', phone: null },
    });
    expect(replayedWrite.statusCode).toBe(401);
  });

  it('logout without a session still answers 204', async () => {
    const response = await t.request({ method: 'POST', url: '/api/authentication/logout' });
    expect(response.statusCode).toBe(204);
  });
});

describe('session expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const me = (user: { request: TestApp['request'] }) =>
    user.request({ method: 'GET', url: '/api/authentication/me' });

  it('ends a session idle for longer than 12 hours', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    t.clock.advance(12 * HOUR - 1000);
    expect((await me(user)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + 1000);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('keeps an active session alive past 12 hours, but never past 30 days', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    for (let elapsed = 0; elapsed < 30 * DAY - 11 * HOUR; elapsed += 11 * HOUR) {
      t.clock.advance(11 * HOUR);
      expect((await me(user)).statusCode).toBe(200);
    }
    t.clock.advance(11 * HOUR);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('refreshes last_seen at most once a minute, not on every request', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const sessionUpdates = () =>
      t.queries.filter((query) => /^update "sessions"/i.test(query)).length;
    t.queries.length = 0;
    for (let i = 0; i < 7; i++) {
      t.clock.advance(10_000);
      await me(user);
    }
    expect(sessionUpdates()).toBe(1); // none for the first minute, then once at 70 s
    t.queries.length = 0;
    t.clock.advance(5_000);
    await me(user);
    expect(sessionUpdates()).toBe(0);
  });

  it('the hourly sweep job deletes ended sessions and keeps live ones', async () => {
    const idle = await signUpAndLogin(t, 'Tenant');
    t.clock.advance(6 * HOUR);
    const live = await signUpAndLogin(t, 'Tenant');
    t.clock.advance(7 * HOUR);
    expect((await t.app.jobs.runDueJobs(t.clock.now)).done).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select({ userId: sessionsTable.userId }).from(sessionsTable);
    const userIds = rows.map((row) => row.userId);
    expect(userIds).toContain(live.user.id);
    expect(userIds).not.toContain(idle.user.id);
  });

  it('uses the configured idle and absolute limits', async () => {
    const short = await createTestApp({ session: { idleMs: 5 * 60_000, absoluteMs: 10 * 60_000 } });
    try {
      const user = await signUpAndLogin(short, 'Tenant');
      short.clock.advance(4 * 60_000);
      expect((await me(user)).statusCode).toBe(200);
      short.clock.advance(4 * 60_000);
      expect((await me(user)).statusCode).toBe(200);
      short.clock.advance(4 * 60_000);
      expect((await me(user)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('cookies behind an HTTPS proxy', () => {
  it('marks the cookie Secure when the request came over HTTPS and TRUST_PROXY is on', async () => {
    const t = await createTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
    try {
      const userName = uniqueName();
      await signUp(t, userName);
      const response = await t.request({
        method: 'POST',
        url: '/api/authentication/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { userName, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)!.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a state-changing request from a foreign Origin with 403 and changes nothing', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const response = await user.request({
      method: 'PUT',
      url: `/api/users/${user.user.id}/contact`,
      headers: { origin: 'https://evil.example' },
      payload: { email: 'evil@example.com', phone: '+12125550166' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not allowed');
    const me = await user.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().email).toBe(user.user.email);
  });

  it('refuses a cross-site logout, so the session survives', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const response = await user.request({
      method: 'POST',
      url: '/api/authentication/logout',
      headers: { origin: 'http://localhost.evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await user.request({ method: 'GET', url: '/api/authentication/me' })).statusCode).toBe(
      200,
    );
  });

  it('judges by Referer when there is no Origin, and refuses an opaque origin', async () => {
    const referer = await t.request({
      method: 'POST',
      url: '/api/users',
      headers: { referer: 'https://evil.example/page' },
      payload: { Username: uniqueName(), Password: PASSWORD, Roles: ['Tenant'] },
    });
    expect(referer.statusCode).toBe(403);
    const opaque = await t.request({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { origin: 'null' },
      payload: { userName: 'x', password: 'y' },
    });
    expect(opaque.statusCode).toBe(403);
  });

  it('lets same-origin requests and requests with neither header through', async () => {
    const userName = uniqueName();
    const sameOrigin = await t.request({
      method: 'POST',
      url: '/api/users',
      headers: { host: 'porchlight.example', origin: 'http://porchlight.example' },
      payload: { Username: userName, Password: PASSWORD, Roles: ['Tenant'] },
    });
    expect(sameOrigin.statusCode).toBe(201);
    const noHeaders = await loginRequest(t, { userName, password: PASSWORD });
    expect(noHeaders.statusCode).toBe(200);
  });

  it('lets reads through whatever their Origin', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/users',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('login brute-force protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fail = (userName: string, ip: string) =>
    loginRequest(t, { userName, password: 'definitely-wrong-password' }, ip);

  it('after 5 failures for one username, answers 429 with Retry-After, even to the right password', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    for (let i = 0; i < 5; i++)
      expect((await fail(userName, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    expect((await fail(userName, '192.0.2.50')).statusCode).toBe(401); // the 6th starts a 5 s delay
    const blocked = await loginRequest(t, { userName, password: PASSWORD }, '192.0.2.51');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('5');
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
    expect(sessionCookieOf(blocked)).toBeUndefined();
  });

  it('delays grow with further failures but stay short, and a success clears them', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    const retryAfters: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fail(userName, '192.0.2.100');
      if (response.statusCode === 429) {
        retryAfters.push(Number(response.headers['retry-after']));
        t.clock.advance(Number(response.headers['retry-after']) * 1000);
        expect((await fail(userName, '192.0.2.100')).statusCode).toBe(401);
      }
    }
    expect(retryAfters.slice(0, 4)).toEqual([5, 10, 20, 40]);
    expect(Math.max(...retryAfters)).toBeLessThanOrEqual(300);

    t.clock.advance(300_000);
    expect(
      (await loginRequest(t, { userName, password: PASSWORD }, '192.0.2.100')).statusCode,
    ).toBe(200);
    // Cleared: five free failures again before any delay.
    for (let i = 0; i < 5; i++) expect((await fail(userName, '192.0.2.100')).statusCode).toBe(401);
    t.clock.advance(15 * 60_000);
  });

  it('limits failures per address across many usernames, without touching other addresses', async () => {
    const ip = '203.0.113.66';
    for (let i = 0; i < 31; i++) expect((await fail(uniqueName('spray'), ip)).statusCode).toBe(401);
    const blocked = await fail(uniqueName('spray'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const userName = uniqueName();
    await signUp(t, userName);
    expect(
      (await loginRequest(t, { userName, password: PASSWORD }, '203.0.113.67')).statusCode,
    ).toBe(200);
  });

  it('does not let a forged X-Forwarded-For dodge the address limit when no proxy is trusted', async () => {
    const ip = '203.0.113.88';
    for (let i = 0; i < 31; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/authentication/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
        payload: { userName: uniqueName('forged'), password: 'definitely-wrong-password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/authentication/login',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '10.0.1.1' },
      payload: { userName: uniqueName('forged'), password: 'definitely-wrong-password' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('keeps the count in the database, so a second server process sees it', async () => {
    const userName = uniqueName();
    await signUp(t, userName);
    for (let i = 0; i < 6; i++) await fail(userName, '192.0.2.200');
    const second = await buildApp({ database: t.database, config: t.config });
    try {
      const response = await second.inject({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { userName, password: PASSWORD },
        remoteAddress: '192.0.2.201',
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('security log lines', () => {
  it('logs login success, failure and 403 as structured lines without passwords or tokens', async () => {
    const t = await createTestApp({ logLevel: 'info' });
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    // Capture what the app's logger writes (children inherit the parent's stream).
    (t.app.log as unknown as Record<symbol, unknown>)[symbols.streamSym] = {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    };
    try {
      const userName = uniqueName();
      const { id } = await signUp(t, userName);
      const wrongPassword = 'wrong-secret-password-9';
      await loginRequest(t, { userName, password: wrongPassword });
      const ok = await loginRequest(t, { userName, password: PASSWORD });
      const token = sessionCookieOf(ok)!.value;
      await t.request({
        method: 'PUT',
        url: `/api/users/${id + 1000}/contact`,
        headers: { cookie: `porchlight_session=${token}` },
        payload: { email: null, phone: null },
      });

      expect(lines).toContainEqual(expect.objectContaining({ event: 'login.failed', userName }));
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'login.succeeded', userId: id }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: 'forbidden',
          userId: id,
          url: `/api/users/${id + 1000}/contact`,
        }),
      );
      const all = raw.join('\n');
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(wrongPassword);
      expect(all).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
