import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { MAX_PHOTO_BYTES } from './image';
import { makePhoto, postPhoto, storedFiles } from './uploads.test-helpers';
import { uploadsTable } from './uploads.table';
import { auditEventsTable } from '../audit';
import { eq } from 'drizzle-orm';

describe('photo uploads', () => {
  let t: TestApp;
  let tenant: TestUser;
  let landlord: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await signUpAndLogin(t, 'Tenant');
    landlord = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(() => t.close());

  const rows = () => t.database.db.select().from(uploadsTable).orderBy(uploadsTable.id);

  /** A refused upload answers `status` with a message and writes neither a row nor a file. */
  async function expectRefused(
    send: () => ReturnType<typeof postPhoto>,
    status: number,
    message: RegExp,
  ) {
    const rowsBefore = await rows();
    const filesBefore = storedFiles(t);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await rows()).toEqual(rowsBefore);
    expect(storedFiles(t)).toEqual(filesBefore);
    return response;
  }

  it('re-encodes a JPEG as WebP, shrinks it to 1600 px and drops its EXIF with the GPS position', async () => {
    const original = await sharp(await makePhoto('jpeg', { width: 2400, height: 1200 }))
      .withExif({
        IFD0: { Make: 'PhoneCo', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 44/1 54/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '73/1 59/1 9/1',
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await postPhoto(tenant, '/api/uploads', { bytes: original });
    expect(response.statusCode, response.body).toBe(201);
    const upload = response.json();
    expect(upload).toMatchObject({ contentType: 'image/webp', width: 1600, height: 800 });

    const served = await tenant.request({ method: 'GET', url: `/api/uploads/${upload.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toBe('no-store');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(upload.byteSize).toBe(served.rawPayload.length);
  });

  it('turns a photo upright by its EXIF orientation before the orientation is dropped', async () => {
    const sideways = await sharp(await makePhoto('jpeg', { width: 300, height: 100 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await postPhoto(tenant, '/api/uploads', { bytes: sideways });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 100, height: 300 });
  });

  it.each(['png', 'webp'] as const)(
    'accepts a %s photo and keeps a small one at its size',
    async (format) => {
      const response = await postPhoto(tenant, '/api/uploads', {
        bytes: await makePhoto(format, { width: 320, height: 200 }),
        filename: `p.${format}`,
        type: `image/${format}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ contentType: 'image/webp', width: 320, height: 200 });
    },
  );

  it('judges by content, not by name or declared type: a PNG sent as "x.txt" is a photo', async () => {
    const response = await postPhoto(tenant, '/api/uploads', {
      bytes: await makePhoto('png'),
      filename: 'x.txt',
      type: 'text/plain',
    });
    expect(response.statusCode).toBe(201);
  });

  describe('refuses, writing nothing', () => {
    it('an HTML page disguised as a JPEG', async () => {
      const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: html, filename: 'leak.jpg' }),
        400,
        /JPEG, PNG, WebP or HEIC/,
      );
    });

    it('an SVG (it can carry script) named .png', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
      );
      await expectRefused(
        () =>
          postPhoto(tenant, '/api/uploads', { bytes: svg, filename: 'a.png', type: 'image/png' }),
        400,
        /JPEG, PNG, WebP or HEIC/,
      );
    });

    it('a JPEG header in front of something that is not a picture', async () => {
      const fake = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('<?php system($_GET["c"]); ?>'.repeat(20)),
      ]);
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: fake }),
        400,
        /not a readable photo/,
      );
    });

    it('a truncated JPEG', async () => {
      const photo = await makePhoto('jpeg');
      await expectRefused(
        () =>
          postPhoto(tenant, '/api/uploads', {
            bytes: photo.subarray(0, Math.floor(photo.length / 2)),
          }),
        400,
        /not a readable photo/,
      );
    });

    it('a HEIC this server cannot decode, with advice on what to send instead', async () => {
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from('ftypheic'),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from('mif1heic'),
        Buffer.alloc(400, 7),
      ]);
      await expectRefused(
        () =>
          postPhoto(tenant, '/api/uploads', {
            bytes: heic,
            filename: 'IMG_0001.HEIC',
            type: 'image/heic',
          }),
        400,
        /HEIC.*JPEG/,
      );
    });

    it('a file over 10 MB (413), even one that starts like a JPEG', async () => {
      const big = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0x41);
      big[0] = 0xff;
      big[1] = 0xd8;
      big[2] = 0xff;
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: big }),
        413,
        /at most 10 MB/,
      );
    });

    it('an empty file, no file, a file in another field, two files, or JSON', async () => {
      const photo = await makePhoto('png');
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: Buffer.alloc(0) }),
        400,
        /JPEG, PNG, WebP or HEIC/,
      );
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: photo, field: 'avatar' }),
        400,
        /photo/,
      );
      await expectRefused(
        () => postPhoto(tenant, '/api/uploads', { bytes: photo }, { bytes: photo }),
        400,
        /exactly one photo/,
      );
      await expectRefused(
        () => tenant.request({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } }),
        415,
        /multipart/,
      );
      await expectRefused(
        () =>
          tenant.request({
            method: 'POST',
            url: '/api/uploads',
            headers: { 'content-type': 'multipart/form-data; boundary=zz' },
            payload:
              '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8',
          }),
        400,
        /./,
      );
    });

    it('a visitor with no session (401)', async () => {
      await expectRefused(
        async () => postPhoto(t, '/api/uploads', { bytes: await makePhoto('png') }),
        401,
        /log in/,
      );
    });
  });

  describe('who may see and withdraw a photo', () => {
    it("answers only its sender; anyone else's request is a 404, a visitor's a 401", async () => {
      const upload = (
        await postPhoto(tenant, '/api/uploads', { bytes: await makePhoto('png') })
      ).json();
      expect(
        (await tenant.request({ method: 'GET', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(200);
      const foreign = await landlord.request({ method: 'GET', url: `/api/uploads/${upload.id}` });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toContain('application/json');
      expect(
        (await t.request({ method: 'GET', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(401);
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(404);
      expect(
        (await tenant.request({ method: 'GET', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(200);
    });

    it('records one audit event for sending a photo and one for withdrawing it', async () => {
      const upload = (
        await postPhoto(tenant, '/api/uploads', { bytes: await makePhoto('png') })
      ).json();
      await tenant.request({ method: 'DELETE', url: `/api/uploads/${upload.id}` });
      const events = await t.database.db
        .select()
        .from(auditEventsTable)
        .where(eq(auditEventsTable.entityId, upload.id))
        .orderBy(auditEventsTable.id);
      const ofUpload = events.filter((e) => e.entityType === 'uploads');
      expect(ofUpload.map((e) => [e.action, e.actorUserId])).toEqual([
        ['create', tenant.user.id],
        ['delete', tenant.user.id],
      ]);
      expect(JSON.stringify(ofUpload)).not.toContain('storageKey');
    });

    it('lets the sender withdraw a photo: its row and its file are gone', async () => {
      const upload = (
        await postPhoto(tenant, '/api/uploads', { bytes: await makePhoto('png') })
      ).json();
      const filesBefore = storedFiles(t);
      expect(
        (await tenant.request({ method: 'DELETE', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(204);
      expect(storedFiles(t)).toHaveLength(filesBefore.length - 1);
      expect(
        (await tenant.request({ method: 'GET', url: `/api/uploads/${upload.id}` })).statusCode,
      ).toBe(404);
    });

    it.each(['..%2F..%2Fetc%2Fpasswd', '1%00', '-1', '1.5', '99999999999', 'abc'])(
      'answers 400 or 404, never a file, for the id %s',
      async (id) => {
        const response = await tenant.request({ method: 'GET', url: `/api/uploads/${id}` });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.headers['content-type']).toContain('application/json');
      },
    );
  });

  it('stops one account after 60 photos an hour (429 with Retry-After), storing nothing more', async () => {
    const sender = await signUpAndLogin(t, 'Maintenance');
    const photo = await makePhoto('png', { width: 16, height: 16 });
    for (let i = 0; i < 60; i++) {
      expect((await postPhoto(sender, '/api/uploads', { bytes: photo })).statusCode).toBe(201);
    }
    const refused = await expectRefused(
      () => postPhoto(sender, '/api/uploads', { bytes: photo }),
      429,
      /Too many photos/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
