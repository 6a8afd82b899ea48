import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { S3FileStore } from './s3-file-store';
import { startTestBucket, type TestBucket } from './s3.test-helpers';
import { makePhoto, postPhoto, storedFiles } from './uploads.test-helpers';
import { uploadsTable } from './uploads.table';

describe('photo uploads with S3-compatible object storage configured', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let tenant: TestUser;
  let landlord: TestUser;

  beforeAll(async () => {
    bucket = await startTestBucket();
    const { settings } = bucket;
    // Through the S3_* settings, as an operator would configure it.
    const { objectStorage } = loadConfig({
      NODE_ENV: 'test',
      S3_ENDPOINT: `${settings.endpoint}/`,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    });
    t = await createTestApp({ objectStorage });
    tenant = await signUpAndLogin(t, 'Tenant');
    landlord = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
  });

  it('keeps an uploaded photo in the bucket, not in DATA_DIR, and serves it back to its sender only', async () => {
    const response = await postPhoto(tenant, '/api/uploads', { bytes: await makePhoto('jpeg') });
    expect(response.statusCode, response.body).toBe(201);
    const upload = response.json();
    const [row] = await t.database.db
      .select()
      .from(uploadsTable)
      .where(eq(uploadsTable.id, upload.id));

    const inBucket = await new S3FileStore(bucket.settings).get(row!.storageKey);
    expect(inBucket?.length).toBe(upload.byteSize);
    expect(storedFiles(t)).toEqual([]);

    const served = await tenant.request({ method: 'GET', url: `/api/uploads/${upload.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload).toEqual(inBucket);

    const foreign = await landlord.request({ method: 'GET', url: `/api/uploads/${upload.id}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('removes the object from the bucket when its sender withdraws the photo', async () => {
    const upload = (
      await postPhoto(tenant, '/api/uploads', { bytes: await makePhoto('png') })
    ).json();
    const [row] = await t.database.db
      .select()
      .from(uploadsTable)
      .where(eq(uploadsTable.id, upload.id));
    const store = new S3FileStore(bucket.settings);
    expect(await store.get(row!.storageKey)).not.toBeNull();

    const withdrawn = await tenant.request({ method: 'DELETE', url: `/api/uploads/${upload.id}` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await store.get(row!.storageKey)).toBeNull();
  });
});

describe('object storage configuration', () => {
  const complete = {
    NODE_ENV: 'test',
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_BUCKET: 'porchlight-photos',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret/with+chars',
  } as const;

  it('is off without S3 settings (an empty value counts as unset), so uploads stay in DATA_DIR', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).objectStorage).toBeNull();
    expect(
      loadConfig({
        NODE_ENV: 'test',
        S3_ENDPOINT: '',
        S3_BUCKET: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        S3_REGION: 'eu-west-1',
      }).objectStorage,
    ).toBeNull();
  });

  it('reads endpoint, bucket and keys, with us-east-1 as the default region', () => {
    expect(loadConfig(complete).objectStorage).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'porchlight-photos',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/with+chars',
    });
    expect(loadConfig({ ...complete, S3_REGION: 'eu-west-1' }).objectStorage?.region).toBe(
      'eu-west-1',
    );
  });

  it.each([
    ['S3_ENDPOINT', /missing: S3_ENDPOINT$/],
    ['S3_BUCKET', /missing: S3_BUCKET$/],
    ['S3_ACCESS_KEY_ID', /missing: S3_ACCESS_KEY_ID$/],
    ['S3_SECRET_ACCESS_KEY', /missing: S3_SECRET_ACCESS_KEY$/],
  ])('refuses to start without %s when the others are set, naming it', (name, message) => {
    expect(() => loadConfig({ ...complete, [name]: undefined })).toThrow(message);
  });

  it('names every missing setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'porchlight-photos' })).toThrow(
      /missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY$/,
    );
  });

  it.each([
    [{ S3_ENDPOINT: 's3.amazonaws.com' }, /S3_ENDPOINT/],
    [{ S3_ENDPOINT: 'ftp://storage.example.com' }, /S3_ENDPOINT/],
    [{ S3_ENDPOINT: 'https://key:secret@storage.example.com' }, /S3_ENDPOINT/],
    [{ S3_ENDPOINT: 'https://storage.example.com/?x=1' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'Photos' }, /S3_BUCKET/],
    [{ S3_BUCKET: 'a/b' }, /S3_BUCKET/],
    [{ S3_REGION: 'eu west' }, /S3_REGION/],
  ])('refuses to start with %o, without echoing the secret', (change, message) => {
    const start = () => loadConfig({ ...complete, ...change });
    expect(start).toThrow(message);
    expect(start).not.toThrow(/secret\/with\+chars|key:secret/);
  });
});
