import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propertySchema, type Property } from '../../../shared/schemas/properties';
import { buildApp } from '../../app';
import { createPropertyWithUnits } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { listProperties, type PropertyListOptions } from './properties.repository';
import { readPropertyList } from './property-list.statement';
import { readRows } from '../../db/read-rows';

/** Every field of every property and unit, and no other: the schema made strict. */
const exactPropertiesSchema = z.array(
  propertySchema.strict().extend({
    owner: propertySchema.shape.owner.strict(),
    units: z.array(propertySchema.shape.units.unwrap().element.strict()).optional(),
  }),
);

describe('the property list built as JSON by the database', () => {
  let t: TestApp;
  let landlord: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ searchesPerMinute: 0 });
    landlord = await signUpAndLogin(t, 'Landlord');
    const other = await signUpAndLogin(t, 'Landlord');
    await createPropertyWithUnits(landlord, ['Available', 'Rented', 'Maintenance']);
    await createPropertyWithUnits(landlord, []);
    await createPropertyWithUnits(other, ['Unavailable', 'Available']);
    // A description, an image and units whose numbers sort apart from their ids.
    const { propertyId } = await createPropertyWithUnits(other, ['Available']);
    const put = await other.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}`,
      payload: {
        name: 'aspen Yard',
        description: 'Bay window, walk-in closet',
        address: '9 Zed Rd',
        city: 'Austin',
        state: 'TX',
        zipCode: '73301',
        imageUrl: 'https://example.com/aspen.jpg',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const unitNumber of ['B2', 'a1']) {
      const unit = await other.request({
        method: 'POST',
        url: '/api/units',
        payload: {
          unitNumber,
          propertyId,
          bedrooms: 0,
          bathrooms: 2.5,
          squareFeet: 412.25,
          rent: 999.99,
          description: 'Studio',
          imageUrl: 'https://example.com/unit.jpg',
        },
      });
      expect(unit.statusCode, unit.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const cases: [
    string,
    Omit<PropertyListOptions, 'limit' | 'offset' | 'order'> & {
      limit?: number;
      offset?: number;
      order?: 'asc' | 'desc';
    },
  ][] = [
    ['everything with units', { includeUnits: true }],
    ['a search with units', { q: 'MAPLE', includeUnits: true }],
    ['a search on a unit field', { q: 'studio' }],
    ['a sort by city, descending', { sort: 'city', order: 'desc', includeUnits: true }],
    ['a sort by zip code', { sort: 'zipCode' }],
    ['a second page', { limit: 2, offset: 2 }],
    ['a page past the end', { limit: 2, offset: 50 }],
    ['a search that matches nothing', { q: 'no such text' }],
    ['a search with the field separator', { q: 'maple\u001fst' }],
  ];

  it.each(cases)(
    'answers %s exactly as the row-by-row list does, in the schema, with its total',
    async (_label, given) => {
      const options: PropertyListOptions = { limit: 20, offset: 0, order: 'asc', ...given };
      const answer = await readPropertyList(t.database.db, options);
      const expected = await listProperties(t.database.db, options);
      const body: Property[] = JSON.parse(answer.body);
      expect(exactPropertiesSchema.safeParse(body).error).toBeUndefined();
      expect(body).toEqual(JSON.parse(JSON.stringify(expected.properties)));
      expect(answer.total).toBe(expected.total);
    },
  );
});

describe('the public property list: cached answers and ETags', () => {
  let t: TestApp;
  let landlord: TestUser;
  let propertyId: number;
  let unitId: number;
  /** A second app on the same database: another server process with its own memory. */
  let second: FastifyInstance;

  const LIST = '/api/properties?q=maple&include=units';
  const get = (app: FastifyInstance, etag?: string) =>
    app.inject({ method: 'GET', url: LIST, headers: etag ? { 'if-none-match': etag } : {} });
  const revision = async () => {
    const [row] = await readRows(
      t.database.db,
      sql`SELECT revision FROM public_listing_revision`,
      z.object({ revision: z.coerce.number() }),
    );
    return row!.revision;
  };

  beforeAll(async () => {
    t = await createTestApp({ searchesPerMinute: 0 });
    landlord = await signUpAndLogin(t, 'Landlord');
    const created = await createPropertyWithUnits(landlord, ['Available', 'Rented']);
    propertyId = created.propertyId;
    unitId = created.units[0]!.id;
    second = await buildApp({ database: t.database, config: t.config });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers 304 with no body to a copy that is current, and the page again to any other', async () => {
    const first = await get(t.app);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{16}-\d+"$/);
    expect(first.headers['x-total-count']).toBe('1');

    const repeated = await get(t.app, etag);
    expect(repeated.statusCode).toBe(304);
    expect(repeated.body).toBe('');
    expect(repeated.headers.etag).toBe(etag);

    const stale = await get(t.app, '"AAAAAAAAAAAAAAAA-1"');
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
    // Another page is another answer with an ETag of its own.
    const other = await t.request({ method: 'GET', url: '/api/properties?q=maple' });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('follows a unit edit made through the API, in this process and in another', async () => {
    const before = await get(second);
    expect((await get(t.app)).json()).toEqual(before.json());

    const put = await landlord.request({
      method: 'PUT',
      url: `/api/units/${unitId}`,
      payload: {
        id: unitId,
        unitNumber: '101',
        propertyId,
        bedrooms: 3,
        bathrooms: 2,
        squareFeet: 1200,
        rent: 2100,
        status: 'Available',
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    for (const app of [t.app, second]) {
      const after = await get(app, before.headers.etag as string);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const unit = (after.json() as Property[])[0]!.units!.find((u) => u.id === unitId);
      expect(unit).toMatchObject({ bedrooms: 3, rent: 2100 });
    }
  });

  it('follows a write made outside the API, and a new property that now matches', async () => {
    const before = await get(t.app);
    await t.database.db.execute(
      sql`UPDATE properties SET city = 'Shelbyville' WHERE id = ${propertyId}`,
    );
    const after = await get(t.app);
    expect((after.json() as Property[])[0]!.city).toBe('Shelbyville');
    expect(after.headers.etag).not.toBe(before.headers.etag);

    await createPropertyWithUnits(landlord, []);
    const grown = await get(t.app);
    expect(grown.headers['x-total-count']).toBe('2');
    expect((grown.json() as Property[]).map((p) => p.name)).toHaveLength(2);
  });

  it("follows the owner's public contact", async () => {
    const shown = await get(t.app);
    expect((shown.json() as Property[])[0]!.owner.email).toBe(landlord.user.email);
    const hide = await landlord.request({
      method: 'PUT',
      url: `/api/users/${landlord.user.id}/public-contact`,
      payload: { showEmail: false, showPhone: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = await get(t.app, shown.headers.etag as string);
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json() as Property[])[0]!.owner.email).toBeNull();
  });

  it('raises the revision once for a transaction, however many rows it writes', async () => {
    const before = await revision();
    await t.database.db.execute(sql`UPDATE units SET description = 'Freshly painted'`);
    expect(await revision()).toBe(before + 1);
    // A sign-in or a password change is not something the listing shows.
    await t.database.db.execute(
      sql`UPDATE users SET updated_at = now() WHERE id = ${landlord.user.id}`,
    );
    expect(await revision()).toBe(before + 1);
  });

  it('gives no ETag to a landlord’s own list (mine=true)', async () => {
    const mine = await landlord.request({ method: 'GET', url: '/api/properties?mine=true' });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
  });

  it('answers the same pages with no memory for answers at all', async () => {
    const bare = await createTestApp({ searchesPerMinute: 0, publicListCacheBytes: 0 });
    try {
      const owner = await signUpAndLogin(bare, 'Landlord');
      await createPropertyWithUnits(owner, ['Available']);
      const first = await bare.request({ method: 'GET', url: LIST });
      expect(first.headers['x-total-count']).toBe('1');
      const repeated = await bare.request({
        method: 'GET',
        url: LIST,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(repeated.statusCode).toBe(304);
      await createPropertyWithUnits(owner, []);
      const grown = await bare.request({ method: 'GET', url: LIST });
      expect(grown.headers['x-total-count']).toBe('2');
    } finally {
      await bare.close();
    }
  });
});
