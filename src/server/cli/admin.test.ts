import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../database';
import { findUserByName } from '../modules/users';

const PASSWORD = 'brass-harbor-lighthouse-19';

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
