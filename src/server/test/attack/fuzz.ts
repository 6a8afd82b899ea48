import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  addMember,
  ADMIN_OPERATIONS,
  buildWorld,
  fillPath,
  fingerprint,
  LEAK_PATTERN,
  listOperations,
  sampleBodyFor,
  type Operation,
  type World,
} from './attack-kit';

/**
 * Schema-driven fuzzing: for every call in the OpenAPI route table, requests built from a
 * valid body (taken from the call's own schema) with one part broken: wrong types, missing
 * and extra fields, huge strings, any unicode, negative and fractional numbers,
 * __proto__ keys, SQL and HTML payloads, bodies that are not JSON; sent by nobody, landlord A
 * or a Bookkeeper of A's organisation. The answer is never a 5xx, never leaks internals,
 * and a refused request writes nothing.
 * 30 cases per call and database when CI=true, so 60 per call over `npm test`'s two passes,
 * and new ones every run: fast-check draws a fresh seed each time (a failure prints it, to
 * replay). FUZZ_RUNS overrides, e.g. for a longer hunt; 20 otherwise.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI === 'true' ? 30 : 20));

const SQL_PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); DELETE FROM properties; --",
  '1 UNION SELECT password_hash FROM users',
  "1' AND pg_sleep(5)--",
  '$$; SELECT 1; $$',
];
const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '{{7*7}}${7*7}',
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0627\u0644',
  '👩‍👩‍👧‍👦🏠',
  'Ω≈ç√∫',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '0x10',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '9999-99-99',
];

const hugeString = fc.constantFrom('A'.repeat(10_000), 'é'.repeat(100_000), '<'.repeat(300_000));
const strings = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    -0.5,
    0.001,
    0.005,
    1.5,
    2.25,
    2 ** 31,
    2 ** 53 + 2,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
);
const fuzzValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: strings },
  { weight: 3, arbitrary: numbers },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(strings, numbers), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(strings, numbers), {
      maxKeys: 3,
    }),
  },
);

/** Path values: sometimes the real id, mostly not an id at all. */
const pathValue = (validId: string) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(validId) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 3, arbitrary: strings.filter((s) => s.length > 0) },
  );

/** Like encodeURIComponent, but lone surrogates are sent as the bytes Node would write. */
function encodePathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

interface Body {
  raw: string;
  contentType: string;
}

const json = (value: unknown): Body => ({
  raw: JSON.stringify(value),
  contentType: 'application/json',
});
/** JSON text with a literal __proto__ key (JSON.stringify would drop it). */
function withProtoKeys(valid: Record<string, unknown>): Body {
  const rest = JSON.stringify(valid).slice(1);
  const head =
    '{"__proto__":{"roles":["Admin"],"userId":1,"isAdmin":true},"constructor":{"prototype":{"roles":["Admin"]}}';
  return { raw: rest === '}' ? `${head}}` : `${head},${rest}`, contentType: 'application/json' };
}

function bodyArbitrary(
  op: Operation,
  valid: Record<string, unknown>,
): fc.Arbitrary<Body | undefined> {
  const fields = [...Object.keys(valid), 'id', 'userId', 'roles', 'createdAt'];
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields), fuzzValue)
        .map(([key, value]) => json({ ...valid, [key]: value })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...(Object.keys(valid).length ? Object.keys(valid) : ['none']))
        .map((key) => {
          const { [key]: _dropped, ...rest } = valid;
          return json(rest);
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fuzzValue, { maxKeys: 4 })
        .map((extra) => json({ ...valid, ...extra })),
    },
    { weight: 1, arbitrary: fc.constant(withProtoKeys(valid)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 30 })
        .map((raw) => ({ raw, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ raw: JSON.stringify(valid), contentType: 'text/plain' }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: op.body ? 0 : 1, arbitrary: fc.constant(json(valid)) },
    {
      weight: 1,
      arbitrary: fc.constant({
        raw: `{"name":"${'x'.repeat(1_100_000)}"}`,
        contentType: 'application/json',
      }),
    },
  );
}

/** Who sends a case: nobody, landlord A (the Admin on Admin calls), or A's Bookkeeper. */
type Caller = 'visitor' | 'owner' | 'member';

interface Case {
  caller: Caller;
  path: string;
  query: Record<string, string>;
  body: Body | undefined;
}

function caseArbitrary(op: Operation, world: World): fc.Arbitrary<Case> {
  const validPath = fillPath(op, world.ids);
  const pathArb =
    op.pathParams.length === 0
      ? fc.constant(validPath)
      : pathValue(validPath.split('/')[3] ?? '1').map((value) => {
          const parts = validPath.split('/');
          parts[3] = encodePathSegment(value);
          return parts.join('/');
        });
  const queryArb = fc.record(
    Object.fromEntries(
      Object.keys(op.queryParams).map((name) => [
        name,
        fc.option(strings.map(String), { nil: undefined }),
      ]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string | undefined>>;
  const valid = sampleBodyFor(op, world.ids);
  return fc.record({
    // Logging out with A's session would end it: that call is fuzzed without a session.
    caller:
      op.key === 'POST /api/authentication/logout'
        ? fc.constant<Caller>('visitor')
        : // A quarter of the cases without a session, a quarter from a member who may do less.
          fc.constantFrom<Caller>('visitor', 'member', 'owner', 'owner'),
    path: pathArb,
    query: queryArb.map(
      (q) =>
        Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >,
    ),
    body: op.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(op, valid),
  });
}

/**
 * Runs the fuzzer over every call whose index in the route table falls in this shard: one
 * test per call. The app is built while the file is collected, so the calls can be listed.
 */
export async function fuzzShard(shard: number, shards: number): Promise<void> {
  const t: TestApp = await createTestApp();
  afterAll(() => t.close());
  const world: World = await buildWorld(t);
  const bookkeeper = await addMember(t, world, 'Bookkeeper');
  // Deletes go last, so the other calls still find landlord A's records; Admin calls after
  // them, because a fuzzed id may disable or demote the accounts the other calls use.
  const rank = (op: Operation) =>
    ADMIN_OPERATIONS.has(op.key) ? 2 : op.method === 'DELETE' ? 1 : 0;
  const operations = listOperations(t)
    .filter((_op, index) => index % shards === shard)
    .sort((x, y) => rank(x) - rank(y));

  describe(`fuzzing the route table (shard ${shard + 1} of ${shards}, ${FUZZ_RUNS} cases per call)`, () => {
    it('has calls to fuzz', () => {
      expect(operations.length).toBeGreaterThan(5);
    });

    for (const op of operations) {
      it(
        `${op.key}: never 5xx, never leaks internals, refused requests write nothing`,
        { timeout: 20_000 + FUZZ_RUNS * 500 },
        async () => {
          let cases = 0;
          await fc.assert(
            fc.asyncProperty(caseArbitrary(op, world), async (c) => {
              cases++;
              const options: InjectOptions = {
                method: op.method,
                url: c.path,
                query: c.query,
                ...(c.body
                  ? { payload: c.body.raw, headers: { 'content-type': c.body.contentType } }
                  : {}),
              };
              const writes = op.method !== 'GET';
              const before = writes ? await fingerprint(t) : undefined;
              const owner = ADMIN_OPERATIONS.has(op.key) ? world.admin : world.a;
              const response =
                c.caller === 'visitor'
                  ? await t.request(options)
                  : await (c.caller === 'member' ? bookkeeper : owner).request(options);
              const label = `${op.key} ${c.path} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
              expect(response.statusCode, label).toBeLessThan(500);
              expect(response.body, label).not.toMatch(LEAK_PATTERN);
              if (response.statusCode >= 400) {
                expect(typeof response.json().message, label).toBe('string');
                if (before)
                  expect(await fingerprint(t), `a refused ${label} wrote to the database`).toEqual(
                    before,
                  );
              }
            }),
            { numRuns: FUZZ_RUNS },
          );
          expect(cases).toBeGreaterThanOrEqual(FUZZ_RUNS);
        },
      );
    }
  });
}
