import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../database';
import { migrationsFolder } from '../paths';
import { migrateEmbedded } from './migrate';
import { createPGlite } from './pglite';
import { migrationState } from './pre-migration-copy';

/**
 * An upgrade of the embedded database keeps the data folder as it was: a data folder at the
 * previous version's schema, with a landlord and an upload, is opened by this version. The
 * copy beside it is the folder before the migration (its schema, its rows), uploads linked in.
 */
describe('the copy of the data folder kept before migrations', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'porchlight-pre-migration-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The migrations folder without its last migration: the previous version's. */
  function previousVersion(): string {
    const folder = path.join(scratch, 'previous-migrations');
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it('copies the folder as it was before migrating, then migrates', async () => {
    const dataDir = path.join(scratch, 'data');
    const old = await createPGlite(dataDir);
    await migrateEmbedded(old, previousVersion());
    await old.exec(
      `insert into users (user_name, password_hash, roles) values ('before_upgrade', 'x', '{Landlord}')`,
    );
    await old.close();
    mkdirSync(path.join(dataDir, 'uploads'));
    writeFileSync(path.join(dataDir, 'uploads', 'abc.webp'), 'photo bytes');

    const database = await openMigratedDatabase({ dataDir, databaseUrl: undefined });
    await database.close();

    const copies = readdirSync(scratch).filter((name) => name.startsWith('data-pre-migration-'));
    expect(copies).toHaveLength(1);
    const copy = path.join(scratch, copies[0]!);
    // The upload is the same file (a hard link), not a second copy of its bytes.
    expect(statSync(path.join(copy, 'uploads', 'abc.webp')).ino).toBe(
      statSync(path.join(dataDir, 'uploads', 'abc.webp')).ino,
    );
    const kept = await createPGlite(copy);
    try {
      expect((await migrationState(kept)).pending).toBe(1);
      const users = await kept.query<{ user_name: string }>('select user_name from users');
      expect(users.rows).toEqual([{ user_name: 'before_upgrade' }]);
    } finally {
      await kept.close();
    }
    // Four embedded databases start here (old, open, reopen, the copy): seconds each on a busy machine.
  }, 120_000);
});
