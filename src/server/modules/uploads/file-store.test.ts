import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStore, newStorageKey } from './file-store';

describe('the disk file store', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'porchlight-store-'));
  const store = new DiskFileStore(path.join(root, 'uploads'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads and deletes a file under a key it made, leaving no partial file', async () => {
    const key = newStorageKey('webp');
    await store.put(key, Buffer.from('bytes'));
    expect((await store.get(key))?.toString()).toBe('bytes');
    expect(readdirSync(path.join(root, 'uploads'))).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it.each([
    '../escape.webp',
    '..',
    'a/b.webp',
    '/etc/passwd',
    'x.webp\u0000',
    '.hidden.webp',
    'UPPER.webp',
    '',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(store.get(key)).rejects.toThrow(/unsafe storage key/);
    await expect(store.delete(key)).rejects.toThrow(/unsafe storage key/);
    expect(readdirSync(root)).toEqual(['uploads']);
  });
});
