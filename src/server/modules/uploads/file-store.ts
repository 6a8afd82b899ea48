import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the bytes of uploads live. Keys are chosen by the server, never by a client; a
 * store still refuses any key that is not a plain file name, so no key can reach outside it.
 * A disk folder by default; an S3-compatible bucket when configured (s3-file-store.ts).
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9-]{0,62}\.[a-z0-9]{1,8}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

export function newStorageKey(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.root, { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = path.join(this.root, `.partial-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(partial, data, { flag: 'wx', mode: 0o600 });
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
