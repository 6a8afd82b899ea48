import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../database';
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

describe('npm run admin -- create <username>', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'porchlight-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const admin = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: path.join(dataDir, 'db'), ...env },
    });

  it('creates an Admin in the configured database with the password from ADMIN_PASSWORD', async () => {
    const { stdout } = await admin(['create', 'headoffice'], { ADMIN_PASSWORD: PASSWORD });
    expect(stdout).toMatch(/Created Admin 'headoffice'/);
    const database = await openMigratedDatabase({
      databaseUrl: undefined,
      dataDir: path.join(dataDir, 'db'),
    });
    try {
      expect((await findUserByName(database.db, 'headoffice'))!.roles).toEqual(['Admin']);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a weak password, and explains its usage', async () => {
    await expect(admin(['create', 'second'], { ADMIN_PASSWORD: '12345678' })).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringMatching(/too easy to guess/),
      },
    );
    await expect(admin(['delete'], {})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Usage: npm run admin -- create <username>/),
    });
  }, 60_000);

  it('without ADMIN_PASSWORD and without a terminal, asks for it to be set', async () => {
    await expect(admin(['create', 'third'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/set ADMIN_PASSWORD/),
    });
  }, 60_000);
});
