import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, signUpAndLogin, type TestApp } from '../../test/test-app';
import { AdminAccountError, createAdmin, ensureAdmin } from './admin-accounts';
import { findUserByName } from './users.repository';

const PASSWORD = 'brass-harbor-lighthouse-19';

describe('the first Admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an Admin who can log in', async () => {
    const admin = await createAdmin(t.database.db, 'chief', PASSWORD);
    expect(admin).toMatchObject({ userName: 'chief', roles: ['Admin'], email: null, phone: null });
    const session = await login(t, 'chief', PASSWORD);
    const me = await session.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.json().roles).toEqual(['Admin']);
  });

  it.each([
    ['an invalid username', 'no spaces allowed', PASSWORD, /Username may contain only/],
    ['a short password', 'boss2', 'short', /at least 8 characters/],
    ['a weak password', 'boss3', 'password1', /too easy to guess/],
    ['a password containing the name', 'lighthouse', PASSWORD, /must not contain the username/],
  ])('refuses %s', async (_, userName, password, message) => {
    await expect(createAdmin(t.database.db, userName, password)).rejects.toThrow(message);
    expect(await findUserByName(t.database.db, userName)).toBeUndefined();
  });

  it('never promotes an existing account that has the name', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    await expect(createAdmin(t.database.db, tenant.user.userName, PASSWORD)).rejects.toThrow(
      AdminAccountError,
    );
    expect((await findUserByName(t.database.db, tenant.user.userName))!.roles).toEqual(['Tenant']);
  });

  it('at start-up creates the configured Admin only when none exists', async () => {
    const fresh = await createTestApp();
    try {
      const first = await ensureAdmin(fresh.database.db, { username: 'owner', password: PASSWORD });
      expect(first.outcome).toBe('created');
      const second = await ensureAdmin(fresh.database.db, {
        username: 'owner2',
        password: PASSWORD,
      });
      expect(second).toEqual({ outcome: 'exists' });
      expect(await findUserByName(fresh.database.db, 'owner2')).toBeUndefined();
      const weak = await createTestApp();
      try {
        const failed = await ensureAdmin(weak.database.db, {
          username: 'owner',
          password: 'admin123',
        });
        expect(failed).toMatchObject({
          outcome: 'failed',
          reason: expect.stringMatching(/too easy/),
        });
      } finally {
        await weak.close();
      }
    } finally {
      await fresh.close();
    }
  });
});
