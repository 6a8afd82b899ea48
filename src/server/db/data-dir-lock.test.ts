import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../database';
import { lockFileOf } from './data-dir-lock';
import { z } from 'zod';
import { readRows } from './read-rows';
import { sql } from 'drizzle-orm';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

/** Runs a command line of the project in its own process against a data folder. */
async function command(script: string, args: string[], dataDir: string) {
  try {
    const { DATABASE_URL: _postgres, ...env } = process.env;
    const { stdout, stderr } = await run(tsx, [script, ...args], {
      env: {
        ...env,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'tidy-lantern-orchard-42',
      },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each case starts real processes (and the first an embedded database): give them time.
describe('one process per embedded data folder', { timeout: 180_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'porchlight-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a second process on a folder this process holds is refused with a clear message and writes nothing', async () => {
    const dataDir = path.join(root, 'held');
    const database = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(String(process.pid));
      const seed = await command('src/server/cli/seed.ts', ['--demo'], dataDir);
      expect(seed.code).toBe(1);
      expect(seed.stderr).toContain(`is in use by another Porchlight process (pid ${process.pid})`);
      expect(seed.stderr).toContain('stop the server first');
      const admin = await command('src/server/cli/admin.ts', ['create', 'boss'], dataDir);
      expect(admin.code).toBe(1);
      expect(admin.stderr).toContain('is in use by another Porchlight process');
      const rows = await readRows(
        database.db,
        sql`select count(*)::int as n from users`,
        z.object({ n: z.number() }),
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    // Closing hands the folder on to the next process.
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('a lock left by a process that no longer runs is taken over', async () => {
    const dataDir = path.join(root, 'stale');
    // A process id far above any the system hands out: nobody holds the folder.
    writeFileSync(lockFileOf(dataDir), '2147483646');
    const admin = await command('src/server/cli/admin.ts', ['create', 'boss'], dataDir);
    expect(admin.stderr).not.toContain('in use');
    expect(admin.code, admin.stderr).toBe(0);
    // The command released the folder when it ended.
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});
