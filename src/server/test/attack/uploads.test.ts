import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT } from '../../modules/uploads';
import { makePhoto, postPhoto, storedFiles } from '../../modules/uploads/uploads.test-helpers';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';
import { fingerprint, LEAK_PATTERN } from './attack-kit';
import { FUZZ_RUNS } from './fuzz';

/**
 * Photo uploads take bytes, not JSON, so the schema-driven fuzzer cannot reach them: here
 * the bytes and the multipart framing are fuzzed. Whatever arrives, the answer is a 201
 * with a photo or a 4xx with a message, and a refused upload writes no row and no file.
 */
let t: TestApp;
let user: TestUser;
let seeds: Buffer[];

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t, 'Tenant');
  seeds = await Promise.all([
    makePhoto('jpeg', { width: 48, height: 32 }),
    makePhoto('png', { width: 48, height: 32 }),
    makePhoto('webp', { width: 48, height: 32 }),
  ]);
});
afterAll(() => t?.close());

/**
 * The next upload as if an hour had passed: the hourly upload limit is not under test here.
 * The session's last-seen time moves with the clock; one read lets it before a case begins.
 */
async function freshHour(): Promise<void> {
  t.clock.advance(UPLOAD_LIMIT.windowMs + 1);
  await user.request({ method: 'GET', url: '/api/authentication/me' });
}
let sent = 0;

const MAGIC = [
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP', 'latin1'),
  Buffer.from('\u0000\u0000\u0000\u0018ftypheic', 'latin1'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
  Buffer.from('GIF89a'),
  Buffer.alloc(0),
];

/** A real photo cut, flipped or spliced; or random bytes behind a real format's first bytes. */
const fileBytes = fc.oneof(
  fc.tuple(fc.nat({ max: 2 }), fc.double({ min: 0, max: 1, noNaN: true })).map(([i, cut]) => {
    const seed = seeds[i]!;
    return seed.subarray(0, Math.floor(seed.length * cut));
  }),
  fc.tuple(fc.nat({ max: 2 }), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([i, at, value]) => {
    const copy = Buffer.from(seeds[i]!);
    copy[at % copy.length] = value;
    return copy;
  }),
  fc
    .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2000 }))
    .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
);

const framing = fc.oneof(
  { weight: 6, arbitrary: fc.constant('well-formed') },
  { weight: 1, arbitrary: fc.constant('no boundary') },
  { weight: 1, arbitrary: fc.constant('unterminated') },
  { weight: 1, arbitrary: fc.constant('odd field name') },
);

function multipart(bytes: Buffer, kind: string, filename: string): InjectOptions {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const field = kind === 'odd field name' ? 'file"; name="x' : 'file';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(kind === 'unterminated' ? '' : `\r\n--${boundary}--\r\n`);
  return {
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'content-type':
        kind === 'no boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([head, bytes, tail]),
  };
}

describe('fuzzing photo uploads', () => {
  it(
    `answers every mangled photo with a photo or a 4xx, never a 5xx, and a refusal stores nothing (${FUZZ_RUNS * 3} cases)`,
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fileBytes,
          framing,
          fc.constantFrom('a.jpg', '../../etc/passwd', 'x\u0000.png', '<script>.webp', ''),
          async (bytes, kind, filename) => {
            if (++sent % (UPLOAD_LIMIT.limit - 5) === 0) await freshHour();
            const before = await fingerprint(t);
            const filesBefore = storedFiles(t);
            const response = await user.request(multipart(bytes, kind, filename));
            const label = `${kind} ${bytes.length} bytes -> ${response.statusCode} ${response.body.slice(0, 160)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            expect(response.body, label).not.toMatch(LEAK_PATTERN);
            if (response.statusCode === 201) {
              expect(response.json().contentType, label).toBe('image/webp');
            } else {
              expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
              expect(typeof response.json().message, label).toBe('string');
              expect(await fingerprint(t), label).toEqual(before);
              expect(storedFiles(t), label).toEqual(filesBefore);
            }
          },
        ),
        { numRuns: FUZZ_RUNS * 3 },
      );
    },
  );

  it('never lets a file name choose where the file is stored', async () => {
    await freshHour();
    const response = await user.request(
      multipart(seeds[1]!, 'well-formed', '../../../../tmp/evil.png'),
    );
    expect(response.statusCode).toBe(201);
    expect(storedFiles(t).every((name) => /^[0-9a-f]{32}\.webp$/.test(name))).toBe(true);
    const again = await postPhoto(user, '/api/uploads', {
      bytes: seeds[0]!,
      filename: '/etc/passwd',
    });
    expect(again.statusCode).toBe(201);
    expect(storedFiles(t).every((name) => /^[0-9a-f]{32}\.webp$/.test(name))).toBe(true);
  });
});
