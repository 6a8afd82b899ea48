import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type * as passwords from '../users';

// The real verifier runs; the spy only counts what it was given. A login for a name that does
// not exist must do the same work as a wrong password (one argon2id verification with the same
// parameters), so its answer time does not tell an attacker which names exist. Counting the
// work instead of timing it keeps this test exact on a busy machine. Test files share their
// modules (isolate: false), so the app is imported afresh below, after the mock is in place.
vi.mock('../users/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'tidy-lantern-orchard-42';
const ARGON2_PARAMETERS = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('a login does the same work whether or not the name exists', () => {
  let t: TestApp;
  let verify: ReturnType<typeof vi.mocked<typeof passwords.verifyPassword>>;
  beforeAll(async () => {
    vi.resetModules();
    const { createTestApp } = await import('../../test/test-app');
    verify = vi.mocked((await import('../users')).verifyPassword);
    t = await createTestApp();
    const signUp = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: {
        Username: 'known-name',
        Password: PASSWORD,
        Roles: ['Tenant'],
        Email: null,
        Phone: null,
      },
    });
    expect(signUp.statusCode).toBe(201);
  });
  afterAll(() => t.close());
  beforeEach(() => verify.mockClear());

  const logIn = (userName: string) =>
    t.request({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { userName, password: 'wrong-password-here' },
      remoteAddress: '198.51.100.77',
    });

  it.each([
    ['a wrong password for a known name', 'known-name'],
    ['an unknown name', 'no-such-name'],
  ])('%s: one argon2id verification with the stored parameters, then 401', async (_, name) => {
    const response = await logIn(name);
    expect(response.statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatch(ARGON2_PARAMETERS);
    expect(await verify.mock.results[0]!.value).toBe(false);
  });
});
