import { readdir, rm, stat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { JobDefinition } from '../jobs';
import type { FileStore } from '../uploads';
import { backupFileTime } from './backup-format';
import { writeBackup } from './backup-run';

const DAY_MS = 86_400_000;
/** Longer than any backup of a self-hosted install takes; after it another process may retry. */
const LEASE_MS = 60 * 60_000;

/**
 * One backup a day into BACKUP_DIR (when set), through the jobs runner: the job's key is the
 * day, so one process takes it however many share the database; it runs with no transaction
 * of the runner's open (a lease), taking its own snapshot transaction. Then files older than
 * BACKUP_KEEP_DAYS are deleted: only files named as backups are, never anything else there.
 */
export function backupJobs(
  config: Pick<Config, 'backup'>,
  database: DatabaseHandle,
  files: FileStore,
): JobDefinition[] {
  const directory = config.backup.dir;
  if (!directory) return [];
  return [
    {
      kind: 'backups.daily',
      everyMs: DAY_MS,
      leaseMs: LEASE_MS,
      maxAttempts: 3,
      run: async ({ now }) => {
        await mkdir(directory, { recursive: true });
        await writeBackup(database, files, { directory }, now);
        await pruneBackups(directory, config.backup.keepDays, now);
      },
    },
  ];
}

/** Deletes the backups in `directory` older than `keepDays`, and leftovers of cut-off runs. */
export async function pruneBackups(
  directory: string,
  keepDays: number,
  now: Date,
): Promise<string[]> {
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const deleted: string[] = [];
  for (const name of await readdir(directory)) {
    const taken = backupFileTime(name);
    const partial = /^\.porchlight-backup-.*\.partial$/.test(name);
    if (taken && taken.getTime() < cutoff) {
      await rm(path.join(directory, name), { force: true });
      deleted.push(name);
    } else if (partial) {
      const { mtimeMs } = await stat(path.join(directory, name));
      if (mtimeMs < now.getTime() - LEASE_MS) await rm(path.join(directory, name), { force: true });
    }
  }
  return deleted;
}
