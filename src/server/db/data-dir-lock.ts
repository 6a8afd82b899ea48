import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database lives in one process's memory: a second process that opens the same
 * data folder works on its own copy, and its writes are lost or overwrite the server's. So
 * the folder is claimed with a lock file beside it that holds the owner's process id. A
 * process that died without cleaning up (kill -9, power loss) leaves a stale lock: its id is
 * no longer running, and the next process takes the lock over.
 */

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Porchlight process (pid ${pid}). ` +
        'Only one process may open the embedded database: stop the server first, then run ' +
        'this command again (or use PostgreSQL through DATABASE_URL, which any number of ' +
        'processes can share).',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const held = new Set<string>();

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/**
 * Claims the data folder for this process until `release` (or the process's exit); throws
 * DataDirInUseError while another running process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const release = () => {
    if (held.delete(file)) rmSync(file, { force: true });
  };
  if (held.has(file)) return release;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid === process.pid) {
      held.add(file);
      return release;
    }
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
      throw new DataDirInUseError(path.resolve(dataDir), pid);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not claim the data folder ${path.resolve(dataDir)}`);
}
