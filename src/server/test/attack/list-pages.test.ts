import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../shared/schemas/paging';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * No anonymous list costs more than a page: without `limit` the lists answer the default
 * page, with the total and the next page's address, and a client that follows the links
 * reads every row exactly once.
 */
let t: TestApp;
let landlord: TestUser;
const PROPERTIES = DEFAULT_PAGE_SIZE + 5;

beforeAll(async () => {
  t = await createTestApp();
  landlord = await signUpAndLogin(t, 'Landlord');
  for (let i = 0; i < PROPERTIES; i++) {
    const property = await landlord.request({
      method: 'POST',
      url: '/api/properties',
      payload: {
        name: `Pager ${i}`,
        address: '1 Main St',
        city: 'Albany',
        state: 'NY',
        zipCode: '12207',
      },
    });
    expect(property.statusCode, property.body).toBe(201);
    const unit = await landlord.request({
      method: 'POST',
      url: '/api/units',
      payload: {
        propertyId: property.json().id,
        unitNumber: '1',
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: 900,
        status: 'Available',
      },
    });
    expect(unit.statusCode, unit.body).toBe(201);
  }
});
afterAll(() => t?.close());

/** Follows Link rel=next from `url`; answers every page's ids. */
async function readAll(url: string, caller: (u: string) => ReturnType<TestApp['request']>) {
  const pages: number[][] = [];
  let next: string | undefined = url;
  while (next && pages.length < 50) {
    const response = await caller(next);
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json().map((row: { id: number }) => row.id));
    next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
  }
  return pages;
}

describe('list pages', () => {
  it.each(['/api/units', '/api/properties', '/api/properties?include=units', '/api/units?q=1'])(
    'GET %s without limit answers the default page, the total and a link to the rest',
    async (url) => {
      const first = await t.request({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(DEFAULT_PAGE_SIZE);
      const total = Number(first.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(PROPERTIES);
      expect(first.headers.link).toMatch(/rel="next"/);

      const pages = await readAll(url, (u) => t.request({ method: 'GET', url: u }));
      const ids = pages.flat();
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
    },
  );

  it("a landlord's own list reads complete, page by page", async () => {
    const pages = await readAll('/api/units?mine=true&limit=100', (u) =>
      landlord.request({ method: 'GET', url: u }),
    );
    expect(pages.flat()).toHaveLength(PROPERTIES);
  });

  it('documents the paging headers in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/units', '/api/properties']) {
      expect(Object.keys(doc.paths[path].get.responses['200'].headers ?? {})).toEqual([
        'X-Total-Count',
        'Link',
      ]);
    }
  });
});
