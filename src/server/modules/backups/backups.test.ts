import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../test/attack/attack-kit';
import { withDatabase } from '../../test/global-setup';
import { createTestApp, signUpAndLogin, type TestApp } from '../../test/test-app';
import { openDatabase } from '../../db/client';
import { createPGlite } from '../../db/pglite';
import { packToFile, unpackAndCheck } from './backup-archive';
import { BackupFileError, type Manifest } from './backup-format';
import { writeBackup } from './backup-run';
import { RestoreRefusedError, VerificationFailedError } from './backup-restore';
import { computeVerification } from './backup-verification';
import { restoreBackup } from './restore-backup';
import { sha256 } from './backup-export';

/**
 * A backup of a lived-in install (every kind of record, a reversed payment, photos) restored
 * into a fresh database of the same kind as the run's: the same rows per table, the same
 * ledger per lease, the same upload bytes; and every target or file that must be refused is.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const TOKEN = 'ab'.repeat(32);

let t: TestApp;
let world: World;
let scratch: string;
let backupFile: string;
let manifest: Manifest;
const databases: string[] = [];

/** An empty target of the run's kind: a new PostgreSQL database, or a data folder not yet made. */
async function freshTarget(): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = path.join(mkdtempSync(path.join(scratch, 'target-')), 'data');
  if (!serverUrl) return { dataDir };
  const name = `porchlight_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  return { databaseUrl: withDatabase(serverUrl, name), dataDir };
}

async function openTarget(target: { databaseUrl?: string; dataDir: string }) {
  return target.databaseUrl
    ? openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 })
    : openDatabase({ pglite: await createPGlite(target.dataDir) });
}

const restoreInto = (file: string, target: { databaseUrl?: string; dataDir: string }) =>
  restoreBackup(file, { ...target, databaseUrl: target.databaseUrl, objectStorage: null });

/** The backup, unpacked, changed by `change`, packed again as `name`. */
async function alteredBackup(
  name: string,
  change: (folder: string, manifest: Manifest) => Promise<Manifest>,
): Promise<string> {
  const folder = mkdtempSync(path.join(scratch, 'altered-'));
  const changed = await change(folder, await unpackAndCheck(backupFile, folder));
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(changed));
  const file = path.join(scratch, name);
  await packToFile(folder, file);
  return file;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'porchlight-backups-test-'));
  t = await createTestApp({
    backupToken: TOKEN,
    backup: { dir: path.join(scratch, 'daily'), keepDays: 14 },
  });
  world = await buildWorld(t);
  // A reversal (an entry naming an earlier one of its own table) and a charge on the lease.
  const lease = world.ids.leases!;
  const reversal = await world.a.request({
    method: 'POST',
    url: `/api/leases/${lease}/ledger/entries/${world.ids.entries}/reversal`,
    payload: { reason: 'Bounced' },
  });
  expect(reversal.statusCode).toBe(201);
  const charge = await world.a.request({
    method: 'POST',
    url: `/api/leases/${lease}/ledger/charges`,
    payload: {
      amount: 12.34,
      category: 'utilities',
      entryDate: '2026-03-01',
      description: 'Water',
    },
  });
  expect(charge.statusCode, charge.body).toBe(201);
  ({ file: backupFile, manifest } = await writeBackup(
    t.database,
    t.app.files,
    { directory: scratch },
    t.clock.now,
  ));
});

afterAll(async () => {
  await t?.close();
  if (serverUrl && databases.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(scratch, { recursive: true, force: true });
});

// A restore into the embedded database starts one (seconds on a busy machine).
describe('backup and restore', { timeout: 120_000 }, () => {
  it('restores into a fresh database the same rows per table, ledgers and uploads', async () => {
    const tables = manifest.tables.map((table) => table.name);
    const source = await computeVerification(t.database.db, tables);
    expect(manifest.verification).toEqual(source);
    expect(source.rows.users).toBeGreaterThan(4);
    expect(source.rows.ledger_entries).toBeGreaterThanOrEqual(3);
    expect(Object.keys(source.ledgers.ledger_entries!)).toContain(String(world.ids.leases));
    expect(manifest.files.length).toBe(source.rows.uploads);
    expect(manifest.files.length).toBeGreaterThanOrEqual(2);
    expect(tables).not.toContain('sessions');
    // Parents before children.
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('properties'));
    expect(tables.indexOf('leases')).toBeLessThan(tables.indexOf('ledger_entries'));

    const target = await freshTarget();
    const outcome = await restoreInto(backupFile, target);
    expect(outcome.verification).toEqual(source);
    expect(outcome.files).toBe(manifest.files.length);
    for (const upload of manifest.files) {
      const original = await t.app.files.get(upload.key);
      expect(readFileSync(path.join(target.dataDir, 'uploads', upload.key))).toEqual(original);
    }

    const restored = await openTarget(target);
    try {
      expect(await computeVerification(restored.db, tables)).toEqual(source);
      // The sequences go on after the restored ids, and the triggers are back on.
      const { rows } = (await restored.db.execute(
        `insert into properties (user_id, organisation_id, name, address, city, state, zip_code)
         values (${world.a.user.id}, ${world.a.organisation!.organisationId}, 'After restore', '1 Main St', 'Springfield', 'NY', '10001')
         returning id` as never,
      )) as unknown as { rows: { id: number }[] };
      expect(rows[0]!.id).toBeGreaterThan(world.ids.properties!);
      const search = (await restored.db.execute(
        `select count(*)::int as n from property_search where property_id = ${rows[0]!.id}` as never,
      )) as unknown as { rows: { n: number }[] };
      expect(search.rows[0]!.n).toBe(1);
      await expect(restored.db.execute(`delete from ledger_entries` as never)).rejects.toThrow();
    } finally {
      await restored.close();
    }

    // A target holding data is refused, and left as it was.
    await expect(restoreInto(backupFile, target)).rejects.toThrow(
      target.databaseUrl ? /already holds data/ : /is not empty/,
    );
  });

  it.runIf(serverUrl)(
    'restores a PostgreSQL backup into the embedded database (the format is the same for both)',
    async () => {
      const dataDir = path.join(mkdtempSync(path.join(scratch, 'embedded-')), 'data');
      const outcome = await restoreInto(backupFile, { dataDir });
      expect(outcome.verification).toEqual(manifest.verification);
      expect(readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual(
        manifest.files.map((upload) => upload.key).sort(),
      );
    },
  );

  it('refuses a damaged file and one that is not a backup, writing nothing', async () => {
    const target = await freshTarget();
    const bytes = readFileSync(backupFile);
    const damaged = Buffer.from(bytes);
    for (let i = Math.floor(bytes.length / 2); i < bytes.length / 2 + 64; i++) damaged[i]! ^= 0xff;
    writeFileSync(path.join(scratch, 'damaged.tar.gz'), damaged);
    await expect(restoreInto(path.join(scratch, 'damaged.tar.gz'), target)).rejects.toThrow(
      /damaged/,
    );

    writeFileSync(path.join(scratch, 'notes.txt'), 'shopping list\n'.repeat(50));
    await expect(restoreInto(path.join(scratch, 'notes.txt'), target)).rejects.toThrow(
      BackupFileError,
    );

    const foreign = mkdtempSync(path.join(scratch, 'foreign-'));
    writeFileSync(path.join(foreign, 'photo.jpg'), 'not a backup');
    await tar.c({ gzip: true, cwd: foreign, file: path.join(scratch, 'foreign.tar.gz') }, [
      'photo.jpg',
    ]);
    await expect(restoreInto(path.join(scratch, 'foreign.tar.gz'), target)).rejects.toThrow(
      /is not a Porchlight backup/,
    );

    // A table file changed behind the manifest's back.
    const tampered = await alteredBackup('tampered.tar.gz', async (folder, m) => {
      await writeFile(path.join(folder, 'tables', 'users.jsonl'), '{"id": 1}\n');
      return m;
    });
    await expect(restoreInto(tampered, target)).rejects.toThrow(/users.jsonl does not match/);

    await expect(restoreInto(path.join(scratch, 'missing.tar.gz'), target)).rejects.toThrow(
      /does not exist/,
    );
    expect(existsSync(target.dataDir)).toBe(false);
    if (target.databaseUrl) {
      const untouched = await openTarget(target);
      const { rows } = (await untouched.db.execute(
        `select count(*)::int as n from information_schema.tables where table_schema = 'public'` as never,
      )) as unknown as { rows: { n: number }[] };
      await untouched.close();
      expect(rows[0]!.n).toBe(0);
    }
  });

  it('refuses a backup taken by a newer version (a migration this code does not have)', async () => {
    const newer = await alteredBackup('newer.tar.gz', async (_folder, m) => ({
      ...m,
      migrations: [...m.migrations, { createdAt: 4_102_444_800_000, hash: 'f'.repeat(64) }],
    }));
    const target = await freshTarget();
    await expect(restoreInto(newer, target)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreInto(newer, target)).rejects.toThrow(/newer version of Porchlight/);
  });

  it('keeps nothing when the restored rows do not add up to what the backup recorded', async () => {
    // One ledger entry fewer, with the checksum made to match: only the verification can tell.
    const short = await alteredBackup('short.tar.gz', async (folder, m) => {
      const file = path.join(folder, 'tables', 'ledger_entries.jsonl');
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      const kept = `${lines.filter((line) => !line.includes('"utilities"')).join('\n')}\n`;
      await writeFile(file, kept);
      return {
        ...m,
        tables: m.tables.map((table) =>
          table.name === 'ledger_entries'
            ? { ...table, rows: table.rows - 1, sha256: sha256(kept) }
            : table,
        ),
      };
    });
    const target = await freshTarget();
    const failure = await restoreInto(short, target).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VerificationFailedError);
    expect((failure as Error).message).toMatch(
      new RegExp(
        `ledger_entries: \\d+ rows in the backup|ledger_entries of lease ${world.ids.leases}`,
      ),
    );
    // The rows went in one transaction, rolled back: the database holds none of them. (Checked
    // on PostgreSQL, where it costs nothing; the embedded pass shares the code path.)
    if (target.databaseUrl) {
      const restored = await openTarget(target);
      try {
        const { rows } = (await restored.db.execute(
          `select count(*)::int as n from users` as never,
        )) as unknown as { rows: { n: number }[] };
        expect(rows[0]!.n).toBe(0);
      } finally {
        await restored.close();
      }
    }
  });
});

describe('POST /api/backups (for npm run backup on the server machine)', () => {
  const call = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'POST', url: '/api/backups', headers, remoteAddress });

  it('answers the backup to the holder of the token, over a loopback connection', async () => {
    const response = await call({ authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    const file = path.join(scratch, 'from-the-server.tar.gz');
    writeFileSync(file, response.rawPayload);
    const folder = mkdtempSync(path.join(scratch, 'served-'));
    const served = await unpackAndCheck(file, folder);
    expect(served.verification.rows).toEqual(manifest.verification.rows);
  });

  it('refuses every session, an Admin included, a wrong token and another machine; writes nothing', async () => {
    const admin = await signUpAndLogin(t, 'Admin');
    const before = await computeVerification(
      t.database.db,
      manifest.tables.map((table) => table.name),
    );
    for (const caller of [world.a, world.tenant, world.maintenance, admin]) {
      const response = await caller.request({ method: 'POST', url: '/api/backups' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'backups.bad_token' });
    }
    expect((await call({ authorization: `Bearer ${'cd'.repeat(32)}` })).statusCode).toBe(401);
    expect((await call({ authorization: TOKEN })).statusCode).toBe(401);
    expect((await call({ authorization: `Bearer ${TOKEN}` }, '192.0.2.7')).statusCode).toBe(403);
    expect(
      (
        await call(
          { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '127.0.0.1' },
          '192.0.2.7',
        )
      ).statusCode,
    ).toBe(403);
    const after = await computeVerification(
      t.database.db,
      manifest.tables.map((table) => table.name),
    );
    // Only the Admin's sign-up and login wrote.
    expect({ ...after.rows, users: 0, audit_events: 0, portfolio_revisions: 0 }).toEqual({
      ...before.rows,
      users: 0,
      audit_events: 0,
      portfolio_revisions: 0,
    });
  });

  it('answers 404 on a server that keeps no token', async () => {
    t.app.config.backupToken = null;
    try {
      expect((await call({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
    } finally {
      t.app.config.backupToken = TOKEN;
    }
  });
});

describe('daily backups (BACKUP_DIR)', () => {
  it('writes one backup a day through the jobs runner and deletes those older than the days kept', async () => {
    const daily = t.config.backup.dir!;
    await mkdir(daily, { recursive: true });
    const old = 'porchlight-backup-2020-01-01T0000Z.tar.gz';
    const recent = `porchlight-backup-${new Date(t.clock.now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10)}T0000Z.tar.gz`;
    for (const name of [old, recent, 'notes.txt']) writeFileSync(path.join(daily, name), 'x');

    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);
    const names = readdirSync(daily).sort();
    const taken = names.filter((name) => name !== recent && name.startsWith('porchlight-backup-'));
    expect(taken).toHaveLength(1);
    expect(names).toEqual([...taken, recent, 'notes.txt'].sort());
    const folder = mkdtempSync(path.join(scratch, 'daily-'));
    const dailyManifest = await unpackAndCheck(path.join(daily, taken[0]!), folder);
    expect(dailyManifest.verification.ledgers).toEqual(manifest.verification.ledgers);
  });
});
