import { buildApp } from '../../app';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, signUpAndLogin, type TestApp } from '../test-app';
import { fingerprint, sampleBody } from './attack-kit';

/** Attacks on the session: stolen cookies, forged cross-site requests, old sessions, guessing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const me = (cookie: string) =>
  t.request({ method: 'GET', url: '/api/authentication/me', headers: { cookie } });

describe('session attacks', () => {
  it('refuses a session cookie replayed after logout', async () => {
    const user = await signUpAndLogin(t, 'Landlord');
    expect((await me(user.cookie)).statusCode).toBe(200);
    const logout = await user.request({ method: 'POST', url: '/api/authentication/logout' });
    expect(logout.statusCode).toBe(204);
    const replay = await me(user.cookie);
    expect(replay.statusCode).toBe(401);
    const write = await user.request({
      method: 'POST',
      url: '/api/properties',
      payload: sampleBody(t, 'POST /api/properties', {}),
    });
    expect(write.statusCode).toBe(401);
  });

  it('refuses state-changing requests from a foreign Origin or Referer, and writes nothing', async () => {
    const user = await signUpAndLogin(t, 'Landlord');
    const before = await fingerprint(t);
    const forged: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/properties',
        payload: sampleBody(t, 'POST /api/properties', {}),
        headers: { origin: 'https://evil.example' },
      },
      {
        method: 'PUT',
        url: `/api/users/${user.user.id}/contact`,
        payload: { email: 'mallory@evil.example', phone: null },
        headers: { origin: 'null' },
      },
      {
        method: 'POST',
        url: '/api/authentication/logout',
        headers: { referer: 'https://evil.example/page' },
      },
      {
        method: 'POST',
        url: '/api/properties',
        payload: sampleBody(t, 'POST /api/properties', {}),
        headers: { origin: 'http://localhost:80.evil.example' },
      },
    ];
    for (const options of forged) {
      const response = await user.request(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403);
    }
    expect(await fingerprint(t)).toEqual(before);
    // The session survived the forged logout.
    expect((await me(user.cookie)).statusCode).toBe(200);
    // The same request from the app's own origin goes through.
    const own = await user.request({
      method: 'POST',
      url: '/api/properties',
      payload: sampleBody(t, 'POST /api/properties', {}),
      headers: { origin: 'http://localhost:80' },
    });
    expect(own.statusCode).toBe(201);
  });

  it('ends a session left idle longer than the idle limit', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    t.clock.advance(t.config.session.idleMs - HOUR);
    expect((await me(user.cookie)).statusCode).toBe(200);
    t.clock.advance(t.config.session.idleMs + 60_000);
    expect((await me(user.cookie)).statusCode).toBe(401);
    // And it stays ended when the clock is not the issue any more.
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('ends a session at its absolute limit even when it is used all the time', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const step = t.config.session.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < t.config.session.absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await me(user.cookie)).statusCode, `after ${elapsed / HOUR} h`).toBe(200);
    }
    // Just past the absolute limit (and well inside the idle one).
    t.clock.advance(t.config.session.absoluteMs - elapsed + 60_000);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('refuses forged and malformed session cookies', async () => {
    for (const cookie of [
      'porchlight_session=',
      'porchlight_session=abc',
      `porchlight_session=${'A'.repeat(43)}`,
      'porchlight_session=%00%ff',
      `porchlight_session=${'x'.repeat(4000)}`,
    ]) {
      const response = await me(cookie);
      expect(response.statusCode, cookie.slice(0, 40)).toBe(401);
    }
  });
});

describe('the brute-force limit', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // A second server on the SAME database: the limit must not reset per process.
    second = await buildApp({ database: t.database, config: t.config });
    await second.ready();
  });
  afterAll(() => second?.close());

  const attempt = (app: 'first' | 'second', userName: string, password: string) => {
    const options: InjectOptions = {
      method: 'POST',
      url: '/api/authentication/login',
      payload: { userName, password },
    };
    return app === 'first' ? t.request(options) : second.inject(options);
  };

  /** Failed logins until the first 429; how many were let through before it. */
  async function failuresUntilLimited(
    userName: string,
    apps: ('first' | 'second')[],
  ): Promise<{ allowed: number; retryAfter: string | undefined; app: 'first' | 'second' }> {
    for (let i = 0; i < 40; i++) {
      const app = apps[i % apps.length]!;
      const response = await attempt(app, userName, `wrong-guess-${i}`);
      if (response.statusCode === 429)
        return {
          allowed: i,
          retryAfter: response.headers['retry-after'] as string | undefined,
          app,
        };
      expect(response.statusCode).toBe(401);
    }
    throw new Error('40 failed logins for one username were never limited');
  }

  it('limits guessing one username after about ten failures, with Retry-After, counting both servers together', async () => {
    const solo = await signUpAndLogin(t, 'Landlord');
    const single = await failuresUntilLimited(solo.user.userName, ['first']);
    expect(single.allowed).toBeLessThanOrEqual(10);
    expect(Number(single.retryAfter)).toBeGreaterThan(0);

    const shared = await signUpAndLogin(t, 'Landlord');
    const alternating = await failuresUntilLimited(shared.user.userName, ['first', 'second']);
    // Counted per process, alternating would get twice as many guesses.
    expect(alternating.allowed).toBe(single.allowed);
    expect(Number(alternating.retryAfter)).toBeGreaterThan(0);
    const other = alternating.app === 'first' ? 'second' : 'first';
    const onOther = await attempt(other, shared.user.userName, 'another-guess');
    expect(onOther.statusCode).toBe(429);
    expect(Number(onOther.headers['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits out the limit, then works.
    const right = await attempt('first', shared.user.userName, shared.password);
    expect(right.statusCode).toBe(429);
    t.clock.advance((Number(right.headers['retry-after']) + 1) * 1000);
    await login(t, shared.user.userName, shared.password);
  });
});
