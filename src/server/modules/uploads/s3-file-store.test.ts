import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './file-store';
import { S3FileStore } from './s3-file-store';
import { startTestBucket, type TestBucket } from './s3.test-helpers';

describe('the S3 file store', () => {
  let bucket: TestBucket;
  let store: S3FileStore;

  beforeAll(async () => {
    bucket = await startTestBucket();
    store = new S3FileStore(bucket.settings);
  });
  afterAll(() => bucket.close());

  it('stores, reads and deletes bytes under a key, as path-style objects of the bucket', async () => {
    const key = newStorageKey('webp');
    const bytes = Buffer.from([0, 1, 2, 255, 254, 0x3c, 0x3e]);
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);

    // The test server lets anyone read, which shows where the object is: path-style.
    const direct = await fetch(`${bucket.settings.endpoint}/${bucket.settings.bucket}/${key}`);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(bytes);

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('overwrites what a key held, byte for byte, also for a part of a larger buffer', async () => {
    const key = newStorageKey('webp');
    await store.put(key, Buffer.from('first'));
    const backing = Buffer.from('xxsecondxx');
    await store.put(key, backing.subarray(2, 8));
    expect((await store.get(key))?.toString()).toBe('second');
    await store.delete(key);
  });

  it('answers null for a key that holds nothing, and deleting it is no error', async () => {
    const key = newStorageKey('webp');
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  // s3rver checks the access key id but not SigV4 signatures, so a wrong secret with the
  // right key id cannot be shown to fail here; a wrong key id can.
  it('refuses an unknown access key with a clear error that names neither key id nor secret', async () => {
    const wrong = new S3FileStore({
      ...bucket.settings,
      accessKeyId: 'WRONGKEYID',
      secretAccessKey: 'wrong-secret-value',
    });
    const key = newStorageKey('webp');
    const error = await wrong.put(key, Buffer.from('x')).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^object storage PUT \S+ answered 403 \(\w+\)$/);
    expect((error as Error).message).not.toMatch(/WRONGKEYID|wrong-secret-value/);
    expect((error as Error).message).toContain('(InvalidAccessKeyId)');
    await expect(wrong.get(key)).rejects.toThrow(/answered 403 \(InvalidAccessKeyId\)/);
    await expect(wrong.delete(key)).rejects.toThrow(/answered 403/);
    expect(await store.get(key)).toBeNull();
  });

  it('answers a missing bucket with an error, not with null', async () => {
    const elsewhere = new S3FileStore({ ...bucket.settings, bucket: 'no-such-bucket' });
    await expect(elsewhere.get(newStorageKey('webp'))).rejects.toThrow(
      /answered 404 \(NoSuchBucket\)/,
    );
  });
});

describe('the S3 file store, before any request', () => {
  let server: Server;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.statusCode = 500;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    '../escape.webp',
    '..',
    'a/b.webp',
    '/etc/passwd',
    'x.webp?acl',
    '.hidden.webp',
    'UPPER.webp',
    '',
  ])('refuses the key %j for every operation without sending anything', async (key) => {
    const { port } = server.address() as AddressInfo;
    const store = new S3FileStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'porchlight-test',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(store.get(key)).rejects.toThrow(/unsafe storage key/);
    await expect(store.delete(key)).rejects.toThrow(/unsafe storage key/);
    expect(requests).toEqual([]);
  });
});
