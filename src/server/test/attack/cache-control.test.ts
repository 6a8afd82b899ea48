import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  buildWorld,
  fillPath,
  listOperations,
  sampleBodyFor,
  sampleQuery,
  type World,
} from './attack-kit';

/**
 * After logout, nothing personal may be left in the browser's cache: every answer to a
 * request with a session says no-store. Only a visitor's read of the public listings may be
 * kept, briefly. The calls come from the OpenAPI route table.
 */
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
});
afterAll(() => t?.close());

const PUBLIC_READS = new Set([
  'GET /api/properties',
  'GET /api/properties/{id}',
  'GET /api/units',
  'GET /api/units/{id}',
]);

describe('Cache-Control on API answers', () => {
  it('says no-store on every answer to a logged-in caller', async () => {
    const missing: string[] = [];
    const operations = listOperations(t).filter(
      (op) => op.method === 'GET' || op.key === 'PUT /api/users/{id}/contact',
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) {
      const response = await world.a.request({
        method: op.method,
        url: fillPath(op, world.ids),
        query: sampleQuery(op, world.ids),
        ...(op.method === 'GET' ? {} : { payload: sampleBodyFor(op, world.ids) }),
      });
      if (response.headers['cache-control'] !== 'no-store') {
        missing.push(`${op.key} ${response.statusCode} ${response.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lets a visitor cache only the public listings, and briefly', async () => {
    const cached: string[] = [];
    for (const op of listOperations(t).filter((o) => o.method === 'GET')) {
      const response = await t.request({ method: 'GET', url: fillPath(op, world.ids) });
      const header = String(response.headers['cache-control']);
      if (header !== 'no-store') cached.push(`${op.key} ${header}`);
    }
    expect(cached.sort()).toEqual(
      [...PUBLIC_READS].map((key) => `${key} public, max-age=60`).sort(),
    );
  });

  it("never lets a public listing be cached when it is the caller's own (mine=true) or an error", async () => {
    const mine = await world.a.request({ method: 'GET', url: '/api/properties?mine=true' });
    expect(mine.headers['cache-control']).toBe('no-store');
    const missing = await t.request({ method: 'GET', url: '/api/units/2147483647' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
