import { createReadStream } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import * as tar from 'tar';
import { BackupFileError, manifestSchema, type Manifest } from './backup-format';

/** The archive of an exported folder, as a stream (manifest first, so a reader meets it early). */
export function packStream(folder: string): Readable {
  return tar.c({ gzip: true, cwd: folder, portable: true }, [
    'manifest.json',
    'tables',
    'files',
  ]) as unknown as Readable;
}

/** Writes the archive to `target` whole or not at all (beside it, then renamed). */
export async function packToFile(folder: string, target: string): Promise<void> {
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  try {
    await tar.c({ gzip: true, cwd: folder, portable: true, file: partial }, [
      'manifest.json',
      'tables',
      'files',
    ]);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Unpacks a backup file into `folder` and checks it: a manifest of this format, every table
 * and file it lists present with the checksum it recorded. Anything else is a
 * BackupFileError saying what is wrong, before a single row is written anywhere.
 */
export async function unpackAndCheck(file: string, folder: string): Promise<Manifest> {
  const name = path.basename(file);
  try {
    await tar.x({
      file,
      cwd: folder,
      strict: true,
      // Only plain files and folders: no links, devices or paths outside the folder.
      filter: (entryPath, entry) =>
        'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !(await exists(file)))
      throw new BackupFileError(`${file} does not exist`);
    throw new BackupFileError(
      `${name} is damaged or is not a Porchlight backup (it cannot be read as a .tar.gz archive: ${(error as Error).message})`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')),
    );
  } catch {
    throw new BackupFileError(
      `${name} is not a Porchlight backup: it has no manifest.json of the expected form`,
    );
  }
  for (const table of manifest.tables) {
    await expectChecksum(path.join(folder, 'tables', `${table.name}.jsonl`), table.sha256, name);
  }
  for (const upload of manifest.files) {
    await expectChecksum(path.join(folder, 'files', upload.key), upload.sha256, name);
  }
  return manifest;
}

async function expectChecksum(file: string, expected: string, archive: string): Promise<void> {
  const hash = createHash('sha256');
  try {
    await pipeline(createReadStream(file), hash);
  } catch {
    throw new BackupFileError(
      `${archive} is damaged: ${path.basename(file)} is listed in its manifest but missing`,
    );
  }
  if (hash.digest('hex') !== expected) {
    throw new BackupFileError(
      `${archive} is damaged: ${path.basename(file)} does not match the checksum its manifest recorded`,
    );
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
