import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, signUpAndLogin, type TestApp } from '../test-app';

/** Public search costs the database a scan: one address gets a bounded number a minute. */
const PER_MINUTE = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ searchesPerMinute: PER_MINUTE });
});
afterAll(() => t?.close());

const search = (url: string, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'GET', url, remoteAddress });

describe('public search limit', () => {
  it('refuses searches past the limit per address with 429 and Retry-After, across both lists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) {
      const url = i % 2 ? `/api/units?q=nothing${i}` : `/api/properties?q=nothing${i}`;
      statuses.push((await search(url, '198.51.100.30')).statusCode);
    }
    expect(statuses).toEqual(Array.from({ length: PER_MINUTE }, () => 200));
    const refused = await search('/api/properties?q=more&include=units', '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many searches/);

    // Another address, and browsing without a search, are not held back.
    expect((await search('/api/units?q=other', '198.51.100.31')).statusCode).toBe(200);
    expect((await search('/api/properties', '198.51.100.30')).statusCode).toBe(200);
  });

  it('holds across server processes: the count is in the database', async () => {
    for (let i = 0; i < PER_MINUTE; i++) await search(`/api/units?q=x${i}`, '198.51.100.40');
    const second = await buildApp({ database: t.database, config: t.config });
    try {
      expect((await search('/api/units?q=again', '198.51.100.40', second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('does not count a landlord searching their own lists', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    for (let i = 0; i < PER_MINUTE + 3; i++) {
      const response = await landlord.request({
        method: 'GET',
        url: `/api/units?mine=true&q=own${i}`,
        remoteAddress: '198.51.100.50',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
