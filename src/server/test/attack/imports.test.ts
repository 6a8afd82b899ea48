import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeXlsx } from '../../modules/imports/imports.test-helpers';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';
import { fingerprint, LEAK_PATTERN } from './attack-kit';
import { FUZZ_RUNS } from './fuzz';

/**
 * Imports take files, not JSON, so the schema-driven fuzzer cannot reach them: here the
 * file's bytes, its name, the column choices and the multipart framing are fuzzed. Whatever
 * arrives, a preview answers 200 or a 4xx with a message and writes nothing.
 */
let t: TestApp;
let landlord: TestUser;
let seeds: Buffer[];

const CSV = `Property,Unit #,Beds,Baths,Sq ft,Monthly rent\nMaple,1A,2,1,850,"1,200"\n`;

beforeAll(async () => {
  t = await createTestApp();
  landlord = await signUpAndLogin(t, 'Landlord');
  seeds = [
    Buffer.from(CSV),
    makeXlsx({
      Units: [
        ['Property', 'Unit #', 'Beds', 'Baths', 'Sq ft', 'Monthly rent'],
        ['Maple', '1A', 2, 1, 850, 1200],
      ],
    }),
    Buffer.from(JSON.stringify({ exportedAt: 'x', property: {}, units: [] })),
  ];
});
afterAll(() => t?.close());

/** A real file cut or with one byte changed; or random bytes behind a real format's first bytes. */
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
    .tuple(
      fc.constantFrom(Buffer.from('PK\u0003\u0004'), Buffer.from([0xff, 0xfe]), Buffer.from('{')),
      fc.uint8Array({ maxLength: 2000 }),
    )
    .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
);

const choices = fc.oneof(
  fc.constant(undefined),
  fc.constant('{not json'),
  fc.json(),
  fc
    .record({
      kind: fc.constantFrom('units', 'tenants', 'pets', null),
      header: fc.string(),
      field: fc.string(),
    })
    .map(({ kind, header, field }) =>
      JSON.stringify({ sheets: { Units: { kind, mapping: { [header]: field } } } }),
    ),
);

function multipart(
  bytes: Buffer,
  filename: string,
  choice: string | undefined,
  broken: boolean,
): InjectOptions {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const parts = [
    choice === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="choices"\r\n\r\n${choice}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ];
  return {
    method: 'POST',
    url: '/api/imports/preview',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      bytes,
      Buffer.from(broken ? '' : `\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('fuzzing imports', () => {
  it(
    `answers every mangled file with a preview or a 4xx, never a 5xx, and writes nothing (${FUZZ_RUNS * 3} cases)`,
    { timeout: 180_000 },
    async () => {
      const before = await fingerprint(t);
      await fc.assert(
        fc.asyncProperty(
          fileBytes,
          fc.constantFrom('a.csv', 'b.xlsx', 'c.json', '../../x.xlsx', ''),
          choices,
          fc.boolean(),
          async (bytes, filename, choice, broken) => {
            const response = await landlord.request(multipart(bytes, filename, choice, broken));
            const label = `${filename} ${bytes.length} bytes -> ${response.statusCode} ${response.body.slice(0, 160)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            expect(response.body, label).not.toMatch(LEAK_PATTERN);
            if (response.statusCode !== 200) {
              expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
              expect(typeof response.json().message, label).toBe('string');
            }
          },
        ),
        { numRuns: FUZZ_RUNS * 3 },
      );
      expect(await fingerprint(t)).toEqual(before);
    },
  );
});
