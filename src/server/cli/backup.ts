/**
 * Takes a backup of the whole install (database rows and uploads) into one file.
 *
 *   npm run backup [-- --output FILE]
 *
 * FILE defaults to porchlight-backup-<time>.tar.gz in the current folder. On PostgreSQL
 * (DATABASE_URL) the command reads the database itself, in one snapshot transaction. On the
 * embedded database (DATA_DIR) only one process may open the data folder: while the server
 * runs, the command asks it for the backup (with the token it wrote into the data folder);
 * when no server runs, the command opens the folder itself. The server keeps running and
 * serving throughout.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { createPGlite } from '../db/pglite';
import {
  unpackAndCheck,
  backupFileName,
  BackupFileError,
  type Manifest,
  writeBackup,
  describeVerification,
  readLocalToken,
} from '../modules/backups';
import { configuredFileStore } from '../modules/uploads';

const USAGE = 'Usage: npm run backup [-- --output FILE]';

class BackupCommandError extends Error {}

function parseArgs(argv: string[]): { output: string | null } | null {
  if (argv.length === 0) return { output: null };
  if (argv.length === 2 && (argv[0] === '--output' || argv[0] === '-o'))
    return { output: argv[1]! };
  return null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Asks the running server for the backup and writes what it sends to `file`. */
async function backupFromServer(url: string, token: string, file: string): Promise<void> {
  const response = await fetch(`${url}/api/backups`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  }).catch((error: unknown) => {
    throw new BackupCommandError(
      `The server holding the data folder did not answer at ${url}: ${(error as Error).message}`,
    );
  });
  if (!response.ok || !response.body) {
    throw new BackupCommandError(
      `The server refused the backup (${response.status}): ${await response.text()}`,
    );
  }
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Reads the written file back as a restore would, so a damaged one is found now. */
async function checkWritten(file: string): Promise<Manifest> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'porchlight-check-'));
  try {
    return await unpackAndCheck(file, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function backupEmbedded(config: Config, file: string): Promise<string> {
  const dataDir = path.resolve(config.dataDir);
  if (!existsSync(dataDir)) throw new BackupCommandError(`There is no data folder at ${dataDir}`);
  const server = await readLocalToken(dataDir);
  if (server && server.pid !== process.pid && isRunning(server.pid)) {
    await backupFromServer(server.url, server.token, file);
    return `the running server (pid ${server.pid})`;
  }
  let pglite;
  try {
    pglite = await createPGlite(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new BackupCommandError(
        `The data folder is held by process ${error.pid}, which is not a server taking backups ` +
          '(it may still be starting, or be another command): try again in a moment.',
      );
    }
    throw error;
  }
  const database = await openDatabase({ pglite });
  try {
    await writeBackup(database, configuredFileStore(config), { file }, config.now());
  } finally {
    await database.close();
  }
  return 'the data folder (no server was running)';
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const file = path.resolve(options.output ?? backupFileName(config.now()));
  if (existsSync(file)) throw new BackupCommandError(`${file} exists already`);
  let source: string;
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      await writeBackup(database, configuredFileStore(config), { file }, config.now());
    } finally {
      await database.close();
    }
    source = 'PostgreSQL (DATABASE_URL)';
  } else {
    source = await backupEmbedded(config, file);
  }
  const manifest = await checkWritten(file).catch(async (error: unknown) => {
    // A file that does not read back (a transfer cut short) is no backup: it must not stay.
    await rm(file, { force: true });
    throw error;
  });
  console.log(`Backup of ${source} written to ${file}`);
  console.log(`Taken at ${manifest.createdAt} by Porchlight ${manifest.appVersion}:`);
  for (const line of describeVerification(manifest.verification)) console.log(line);
  console.log(`  uploaded files: ${manifest.files.length}`);
  if (manifest.missingFiles.length > 0) {
    console.log(
      `  ${manifest.missingFiles.length} upload(s) were deleted while the backup ran and are not in it`,
    );
  }
  console.log(`Left out on purpose: ${manifest.skipped.map((s) => s.name).join(', ')}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupCommandError || error instanceof BackupFileError) {
    console.error(`Could not take the backup: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
