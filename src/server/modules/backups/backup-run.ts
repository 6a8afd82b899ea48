import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DatabaseHandle } from '../../db/client';
import type { FileStore } from '../uploads';
import { packStream, packToFile } from './backup-archive';
import { backupFileName, type Manifest } from './backup-format';
import { exportSnapshot } from './backup-export';

/** A scratch folder of its own for one export, removed afterwards whatever happens. */
async function withScratch<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'porchlight-backup-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Takes a backup into the folder `directory` under its usual name (backupFileName), or into
 * the file `file`. The file appears whole or not at all.
 */
export async function writeBackup(
  database: DatabaseHandle,
  files: FileStore,
  target: { directory: string } | { file: string },
  now: Date,
): Promise<{ file: string; manifest: Manifest }> {
  return withScratch(async (scratch) => {
    const manifest = await exportSnapshot(database, files, scratch, now);
    const file = 'file' in target ? target.file : path.join(target.directory, backupFileName(now));
    await packToFile(scratch, file);
    return { file, manifest };
  });
}

/** Takes a backup and hands it over as a stream; the scratch folder goes when the stream ends. */
export async function streamBackup(
  database: DatabaseHandle,
  files: FileStore,
  now: Date,
): Promise<{ stream: Readable; manifest: Manifest }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'porchlight-backup-'));
  const cleanup = () => rm(scratch, { recursive: true, force: true });
  try {
    const manifest = await exportSnapshot(database, files, scratch, now);
    const stream = packStream(scratch);
    stream.once('close', () => void cleanup());
    stream.once('end', () => void cleanup());
    stream.once('error', () => void cleanup());
    return { stream, manifest };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
