import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_POLICY, USERNAME_POLICY } from '../../modules/auth';
import { createTestApp, signUpAndLogin, type TestApp } from '../test-app';

/**
 * Password guessing in bursts: many logins sent at the same moment must not all be heard.
 * A 401 (or 200) means the password was checked; a 429 means it was not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let counter = 0;
const attempt = (userName: string, password: string, remoteAddress: string) =>
  t.request({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { userName, password },
    remoteAddress,
  });

describe('login bursts', () => {
  it('checks at most the free failures + 1 of 50 simultaneous logins for one user name, and refuses the right password while blocked', async () => {
    const victim = await signUpAndLogin(t, 'Landlord');
    const userName = victim.user.userName;
    const burst = [
      ...Array.from({ length: 49 }, (_, i) =>
        attempt(userName, `wrong-guess-${i}`, '198.51.100.7'),
      ),
      attempt(userName, victim.password, '198.51.100.7'),
    ];
    const answers = await Promise.all(burst);
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(USERNAME_POLICY.freeFailures + 1);
    expect(answers.every((a) => [401, 429].includes(a.statusCode))).toBe(true);
    const right = answers.at(-1)!;
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);

    const again = await attempt(userName, victim.password, '198.51.100.8');
    expect(again.statusCode).toBe(429);
  });

  it('checks at most the free failures + 1 of a simultaneous spray of names from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => attempt(`spray${++counter}`, 'wrong-guess', '198.51.100.9')),
    );
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(IP_POLICY.freeFailures + 1);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
  });

  it('a refused burst leaves the address free for a later right password once the delay is over', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    await Promise.all(
      Array.from({ length: 20 }, () => attempt(user.user.userName, 'wrong-guess', '198.51.100.10')),
    );
    t.clock.advance(USERNAME_POLICY.maxDelayMs);
    expect((await attempt(user.user.userName, user.password, '198.51.100.10')).statusCode).toBe(
      200,
    );
  });
});
