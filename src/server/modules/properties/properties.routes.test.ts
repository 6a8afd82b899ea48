import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../../shared/schemas/properties';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { expectClientError, signUpAll } from '../../test/fixtures';
import { staffTable } from '../staff';

const validProperty = {
  name: 'Maple Court',
  description: 'Quiet brick building',
  address: '12 Maple Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  imageUrl: 'https://images.example.com/maple.jpg',
};

describe('properties API', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenant: TestUser;
  let maintenance: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin, tenant, maintenance] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
      'Maintenance',
    ]);
  });
  afterAll(() => t.close());

  async function create(user: TestUser, body: Record<string, unknown> = {}): Promise<Property> {
    const response = await user.request({
      method: 'POST',
      url: '/api/properties',
      payload: { ...validProperty, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function read(id: number): Promise<Property | null> {
    const response = await t.request({ method: 'GET', url: `/api/properties/${id}` });
    return response.statusCode === 200 ? response.json() : null;
  }
  async function countAll(): Promise<number> {
    return (await t.request({ method: 'GET', url: '/api/properties' })).json().length;
  }
  async function addUnit(
    user: TestUser,
    propertyId: number,
    unitNumber: string,
    extra: Record<string, unknown> = {},
  ) {
    const response = await user.request({
      method: 'POST',
      url: '/api/units',
      payload: {
        unitNumber,
        propertyId,
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 700,
        rent: 1000,
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  describe('POST /api/properties', () => {
    it('creates a property owned by the caller, trimmed, with the state upper-case and the owner contact', async () => {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/properties',
        payload: {
          ...validProperty,
          name: '  Maple Court  ',
          state: ' il ',
          city: ' Springfield ',
          zipCode: '62701-1234',
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Maple Court',
        state: 'IL',
        city: 'Springfield',
        zipCode: '62701-1234',
        userId: landlord.user.id,
        owner: {
          id: landlord.user.id,
          userName: landlord.user.userName,
          email: landlord.user.email,
          phone: '+12125550100',
        },
      });
      expect(response.json().owner).not.toHaveProperty('roles');
    });

    it('stores empty description and image URL as null', async () => {
      const property = await create(landlord, { description: '  ', imageUrl: '' });
      expect(property).toMatchObject({ description: null, imageUrl: null });
    });

    it("ignores a landlord's userId: the caller owns what they create", async () => {
      const property = await create(landlord, { userId: other.user.id });
      expect(property.userId).toBe(landlord.user.id);
    });

    it('lets an Admin name the owning landlord', async () => {
      const property = await create(admin, { userId: other.user.id });
      expect(property.userId).toBe(other.user.id);
      expect(property.owner.userName).toBe(other.user.userName);
      const own = await create(admin);
      expect(own.userId).toBe(admin.user.id);
    });

    it('refuses an Admin naming a missing user or a tenant as owner, creating nothing', async () => {
      const before = await countAll();
      for (const userId of [999_999, tenant.user.id]) {
        const response = await admin.request({
          method: 'POST',
          url: '/api/properties',
          payload: { ...validProperty, userId },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toHaveProperty('userId');
      }
      expect(await countAll()).toBe(before);
    });

    it.each([
      ['a missing name', { name: undefined }, 'name', 'Name is required'],
      ['a blank address', { address: '   ' }, 'address', 'Address is required'],
      ['a missing city', { city: undefined }, 'city', 'City is required'],
      ['a three-letter state', { state: 'ILL' }, 'state', 'State must be exactly 2 letters'],
      ['a state with digits', { state: '1L' }, 'state', 'State must be exactly 2 letters'],
      ['a four-digit zip', { zipCode: '6270' }, 'zipCode', undefined],
      ['a zip with letters', { zipCode: '6270A' }, 'zipCode', undefined],
      ['a zip+4 with three digits', { zipCode: '62701-123' }, 'zipCode', undefined],
      ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', undefined],
      ['a data: image URL', { imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', undefined],
      ['an ftp: image URL', { imageUrl: 'ftp://example.com/a.jpg' }, 'imageUrl', undefined],
      [
        'an image URL over 2048 characters',
        { imageUrl: `https://example.com/${'a'.repeat(2048)}` },
        'imageUrl',
        undefined,
      ],
      ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name', undefined],
      ['a name that is not text', { name: 42 }, 'name', undefined],
    ])('answers 400 for %s and creates nothing', async (_label, change, field, message) => {
      const before = await countAll();
      const response = await landlord.request({
        method: 'POST',
        url: '/api/properties',
        payload: { ...validProperty, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
      if (message) expect(response.json().message).toBe(message);
      expect(await countAll()).toBe(before);
    });

    it('accepts an http image URL', async () => {
      const property = await create(landlord, { imageUrl: 'http://images.example.com/a.jpg' });
      expect(property.imageUrl).toBe('http://images.example.com/a.jpg');
    });

    it('answers 401 without a session and 403 to Tenant and Maintenance, creating nothing', async () => {
      const before = await countAll();
      const anonymous = await t.request({
        method: 'POST',
        url: '/api/properties',
        payload: validProperty,
      });
      expect(anonymous.statusCode).toBe(401);
      for (const user of [tenant, maintenance]) {
        const response = await user.request({
          method: 'POST',
          url: '/api/properties',
          payload: validProperty,
        });
        expect(response.statusCode).toBe(403);
      }
      expect(await countAll()).toBe(before);
    });
  });

  describe('GET /api/properties and /api/properties/{id}', () => {
    it('answers every property to a visitor, with the owner contact and no private user fields', async () => {
      const property = await create(landlord, { name: 'Visitor View' });
      const response = await t.request({ method: 'GET', url: '/api/properties' });
      expect(response.statusCode).toBe(200);
      const found = response.json().find((p: Property) => p.id === property.id);
      expect(found.owner).toEqual({
        id: landlord.user.id,
        userName: landlord.user.userName,
        name: landlord.user.userName,
        email: landlord.user.email,
        phone: '+12125550100',
      });
      expect(response.body).not.toMatch(/password/i);
      // Every list answers a page with its exact total (here the whole list fits one page).
      expect(response.headers['x-total-count']).toBe(String(response.json().length));
    });

    it('answers one property to a visitor and 404 for an unknown id', async () => {
      const property = await create(landlord, { name: 'Single' });
      expect(await read(property.id)).toMatchObject({
        id: property.id,
        name: 'Single',
        owner: { id: landlord.user.id },
      });
      const missing = await t.request({ method: 'GET', url: '/api/properties/999999' });
      expect(missing.statusCode).toBe(404);
      const bad = await t.request({ method: 'GET', url: '/api/properties/abc' });
      expect(bad.statusCode).toBe(400);
    });

    it("with mine=true answers only the landlord's own properties, and all of them to an Admin", async () => {
      const mine = await create(landlord, { name: 'Mine Only' });
      const theirs = await create(other, { name: 'Theirs Only' });
      const landlordList: Property[] = (
        await landlord.request({ method: 'GET', url: '/api/properties?mine=true' })
      ).json();
      expect(landlordList.every((p) => p.userId === landlord.user.id)).toBe(true);
      expect(landlordList.map((p) => p.id)).toContain(mine.id);
      expect(landlordList.map((p) => p.id)).not.toContain(theirs.id);
      const adminList: Property[] = (
        await admin.request({ method: 'GET', url: '/api/properties?mine=true' })
      ).json();
      expect(adminList.map((p) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    });

    it('with mine=true answers 401 to a visitor and 403 to Tenant and Maintenance', async () => {
      expect(
        (await t.request({ method: 'GET', url: '/api/properties?mine=true' })).statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'GET', url: '/api/properties?mine=true' })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'GET', url: '/api/properties?mine=true' })).statusCode,
      ).toBe(403);
    });

    it('refuses bad paging and include values with 400', async () => {
      for (const query of [
        'limit=0',
        'limit=101',
        'limit=abc',
        'offset=-1',
        'include=tenants',
        'mine=yes',
      ]) {
        const response = await t.request({ method: 'GET', url: `/api/properties?${query}` });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('search, paging and include=units', () => {
    let searcher: TestUser;
    let ids: { a: number; b: number; c: number };

    beforeAll(async () => {
      searcher = await signUpAndLogin(t, 'Landlord', `zq_owner_${Date.now().toString(36)}`);
      const b = await create(searcher, {
        name: 'zq Birch House',
        description: 'Sunny corner lot',
        city: 'Quarryville',
        zipCode: '17566',
      });
      const a = await create(searcher, {
        name: 'ZQ alder flats',
        description: null,
        address: '5 Foundry 100% Lane',
      });
      const c = await create(searcher, { name: 'zq Cedar Rows', description: 'Near the river' });
      await addUnit(searcher, c.id, '10', {
        rent: 1875.5,
        status: 'Maintenance',
        description: 'Loft with skylight',
      });
      await addUnit(searcher, c.id, '2', { bathrooms: 2.5 });
      await addUnit(searcher, c.id, '1');
      ids = { a: a.id, b: b.id, c: c.id };
    });

    const search = async (q: string) => {
      const response = await searcher.request({
        method: 'GET',
        url: `/api/properties?mine=true&q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as Property[]).map((p) => p.id);
    };

    it('orders by property name (case-insensitive) then id', async () => {
      expect(await search('zq')).toEqual([ids.a, ids.b, ids.c]);
    });

    it('matches property fields without regard to case', async () => {
      expect(await search('BIRCH')).toEqual([ids.b]);
      expect(await search('sunny CORNER')).toEqual([ids.b]);
      expect(await search('quarryVILLE')).toEqual([ids.b]);
      expect(await search('17566')).toEqual([ids.b]);
      expect(await search('foundry')).toEqual([ids.a]);
    });

    it("matches the owner's name, email and phone", async () => {
      expect(await search(searcher.user.userName.toUpperCase())).toEqual([ids.a, ids.b, ids.c]);
      expect(await search('@example.com')).toHaveLength(3);
      expect(await search('+12125550100')).toHaveLength(3);
    });

    it('matches a property through any of its units', async () => {
      expect(await search('skylight')).toEqual([ids.c]);
      expect(await search('1875.5')).toEqual([ids.c]);
      expect(await search('maintenance')).toEqual([ids.c]);
      expect(await search('2.5')).toEqual([ids.c]);
    });

    it('takes % and _ literally', async () => {
      expect(await search('100%')).toEqual([ids.a]);
      expect(await search('%')).toEqual([ids.a]);
      expect(await search('birch_')).toEqual([]);
      expect(await search('zq_owner')).toHaveLength(3);
    });

    it('answers a page with the exact total in X-Total-Count', async () => {
      const first = await searcher.request({
        method: 'GET',
        url: '/api/properties?mine=true&q=zq&limit=2',
      });
      expect(first.headers['x-total-count']).toBe('3');
      expect((first.json() as Property[]).map((p) => p.id)).toEqual([ids.a, ids.b]);
      const second = await searcher.request({
        method: 'GET',
        url: '/api/properties?mine=true&q=zq&limit=2&offset=2',
      });
      expect(second.headers['x-total-count']).toBe('3');
      expect((second.json() as Property[]).map((p) => p.id)).toEqual([ids.c]);
      const past = await searcher.request({
        method: 'GET',
        url: '/api/properties?mine=true&q=zq&offset=10',
      });
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe('3');
    });

    it('with include=units carries the units of each property, the Available ones first', async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/properties?q=zq&include=units',
      });
      const byId = new Map((response.json() as Property[]).map((p) => [p.id, p]));
      expect(byId.get(ids.a)?.units).toEqual([]);
      // Natural order: 2 before 10 (docs/product.md section 12, 'Unit order').
      expect(byId.get(ids.c)?.units?.map((u) => u.unitNumber)).toEqual(['1', '2', '10']);
      expect(byId.get(ids.c)?.units?.[2]).toMatchObject({
        rent: 1875.5,
        status: 'Maintenance',
        propertyId: ids.c,
      });
      const without = await t.request({ method: 'GET', url: '/api/properties?q=zq' });
      expect(without.json()[0]).not.toHaveProperty('units');
    });

    it('runs a fixed number of queries however many properties match', async () => {
      const countQueries = async () => {
        t.queries.length = 0;
        const response = await t.request({
          method: 'GET',
          url: '/api/properties?q=zq&include=units&limit=50',
        });
        expect(response.statusCode).toBe(200);
        return t.queries.length;
      };
      const few = await countQueries();
      for (let i = 0; i < 5; i++) {
        const property = await create(searcher, { name: `zq Extra ${i}` });
        await addUnit(searcher, property.id, 'A');
      }
      expect(await countQueries()).toBe(few);
      expect(few).toBeLessThanOrEqual(3);
    });
  });

  describe('the search text stays current', () => {
    let owner: TestUser;
    let property: Property;
    const search = async (q: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/properties?q=${encodeURIComponent(q)}&limit=20`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(response.json().length));
      return (response.json() as Property[]).map((p) => p.id);
    };

    beforeAll(async () => {
      owner = await signUpAndLogin(t, 'Landlord');
      property = await create(owner, {
        name: 'Kestrel Pivot',
        address: '8 Harbor Road',
        description: null,
      });
    });

    it("follows a unit's creation, edit and deletion", async () => {
      expect(await search('wombatloft')).toEqual([]);
      const unit = await addUnit(owner, property.id, 'K1', { description: 'Wombatloft attic' });
      expect(await search('WOMBATLOFT')).toEqual([property.id]);
      const edited = await owner.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: {
          unitNumber: 'K1',
          propertyId: property.id,
          bedrooms: 2,
          bathrooms: 1,
          squareFeet: 700,
          rent: 4321.25,
          description: 'Plain attic',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await search('wombatloft')).toEqual([]);
      expect(await search('4321.25')).toEqual([property.id]);
      const deleted = await owner.request({ method: 'DELETE', url: `/api/units/${unit.id}` });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await search('4321.25')).toEqual([]);
    });

    it("follows the owner's contact and the property's own edits", async () => {
      const contact = await owner.request({
        method: 'PUT',
        url: `/api/users/${owner.user.id}/contact`,
        payload: { email: 'kestrel.keeper@example.org', phone: '+12125550199' },
      });
      expect(contact.statusCode, contact.body).toBe(200);
      expect(await search('KESTREL.keeper@')).toEqual([property.id]);
      expect(await search(`${owner.user.userName}@example.com`)).toEqual([]);
      const renamed = await owner.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: {
          ...validProperty,
          name: 'Osprey Pivot',
          address: '8 Harbor Road',
          description: null,
        },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await search('kestrel pivot')).toEqual([]);
      expect(await search('osprey pivot')).toEqual([property.id]);
    });

    it('compares letters beyond ASCII without regard to case', async () => {
      const chateau = await create(owner, { name: 'Château Ölberg', description: 'ÉTAGE NOBLE' });
      expect(await search('CHÂTEAU ö')).toEqual([chateau.id]);
      expect(await search('étage')).toEqual([chateau.id]);
    });

    it('never matches across two fields, even with the separator in the search', async () => {
      expect(await search('Pivot')).toEqual([property.id]);
      expect(await search('pivot8 harbor')).toEqual([]);
      expect(await search('Pivot\u001f8 Harbor')).toEqual([]);
      expect(await search('\u001fHarbor')).toEqual([]);
    });
  });

  describe('PUT /api/properties/{id}', () => {
    it("updates the landlord's own property and keeps the owner, whatever userId says", async () => {
      const property = await create(landlord, { name: 'Before' });
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: { ...validProperty, name: ' After ', state: 'wi', userId: other.user.id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: property.id,
        name: 'After',
        state: 'WI',
        userId: landlord.user.id,
      });
      expect(await read(property.id)).toMatchObject({ name: 'After', userId: landlord.user.id });
    });

    it('answers 404 to another landlord and changes nothing', async () => {
      const property = await create(landlord, { name: 'Untouched' });
      const response = await other.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: { ...validProperty, name: 'Stolen' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Property not found');
      expect((await read(property.id))?.name).toBe('Untouched');
    });

    it('lets an Admin update any property, keeping its owner', async () => {
      const property = await create(landlord, { name: 'Admin Edits' });
      const response = await admin.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: { ...validProperty, name: 'Edited', userId: admin.user.id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Edited', userId: landlord.user.id });
    });

    it('answers 401 / 403 / 403 to visitor, Tenant and Maintenance and changes nothing', async () => {
      const property = await create(landlord, { name: 'Guarded' });
      const payload = { ...validProperty, name: 'Changed' };
      expect(
        (await t.request({ method: 'PUT', url: `/api/properties/${property.id}`, payload }))
          .statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'PUT', url: `/api/properties/${property.id}`, payload }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await maintenance.request({
            method: 'PUT',
            url: `/api/properties/${property.id}`,
            payload,
          })
        ).statusCode,
      ).toBe(403);
      expect((await read(property.id))?.name).toBe('Guarded');
    });

    it('answers 400 for an invalid body or a mismatched id and changes nothing; 404 for an unknown id', async () => {
      const property = await create(landlord, { name: 'Valid' });
      const bad = await landlord.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: { ...validProperty, name: 'X', zipCode: 'abc' },
      });
      expect(bad.statusCode).toBe(400);
      const mismatch = await landlord.request({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: { ...validProperty, id: property.id + 1000, name: 'X' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect((await read(property.id))?.name).toBe('Valid');
      const missing = await landlord.request({
        method: 'PUT',
        url: '/api/properties/999999',
        payload: validProperty,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('hostile input', () => {
    it('answers 4xx, never 5xx, for ids beyond the integer range, NUL characters and huge offsets, storing nothing', async () => {
      const before = await countAll();
      const cases = [
        { method: 'GET', url: '/api/properties/99999999999' },
        { method: 'PUT', url: '/api/properties/99999999999', payload: validProperty },
        { method: 'DELETE', url: '/api/properties/99999999999' },
        { method: 'GET', url: '/api/properties?q=%00' },
        { method: 'GET', url: '/api/properties?offset=99999999999999999999' },
        { method: 'POST', url: '/api/properties', payload: { ...validProperty, name: 'a\u0000b' } },
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...validProperty, description: 'a\u0000b' },
        },
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...validProperty, imageUrl: 'https://example.com/\u0000' },
        },
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...validProperty, userId: 99999999999 },
        },
        { method: 'POST', url: '/api/properties', payload: [] },
        {
          method: 'POST',
          url: '/api/properties',
          payload: 'null',
          headers: { 'content-type': 'application/json' },
        },
      ] as const;
      for (const options of cases) {
        const response = await admin.request(options as never);
        expectClientError(response, `${options.method} ${options.url}`);
      }
      expect(await countAll()).toBe(before);
    });
  });

  describe('DELETE /api/properties/{id}', () => {
    it("deletes the landlord's own property with its staff and answers 204", async () => {
      const property = await create(landlord, { name: 'Going' });
      await t.database.db.insert(staffTable).values({
        propertyId: property.id,
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.com',
        phone: '555',
        position: 'Super',
      });
      const response = await landlord.request({
        method: 'DELETE',
        url: `/api/properties/${property.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(await read(property.id)).toBeNull();
    });

    it('refuses with 409 while the property has units, says to delete them first, and deletes nothing', async () => {
      const property = await create(landlord, { name: 'Has Units' });
      await addUnit(landlord, property.id, '1');
      await addUnit(landlord, property.id, '2');
      const response = await landlord.request({
        method: 'DELETE',
        url: `/api/properties/${property.id}`,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'properties.has_units',
        message:
          'This property still has 2 units. Delete its units first, then delete the property.',
      });
      expect(await read(property.id)).not.toBeNull();
      const units = await t.request({
        method: 'GET',
        url: `/api/properties?q=Has%20Units&include=units`,
      });
      expect(units.json()[0].units).toHaveLength(2);
    });

    it('answers 404 to another landlord, 401/403 to others, and deletes nothing', async () => {
      const property = await create(landlord, { name: 'Kept' });
      expect(
        (await other.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/properties/${property.id}` })).statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(403);
      expect(await read(property.id)).not.toBeNull();
    });

    it("lets an Admin delete any landlord's property", async () => {
      const property = await create(other, { name: 'Admin Deletes' });
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(204);
      expect(await read(property.id)).toBeNull();
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('GET /api/properties/{id}/deletion', () => {
    const preview = (user: TestUser | TestApp, id: number) =>
      user.request({ method: 'GET', url: `/api/properties/${id}/deletion` });

    it('names the staff that go with a free property, changes nothing, and the delete then succeeds', async () => {
      const property = await create(landlord, { name: 'Free To Go' });
      for (const firstName of ['Sam', 'Ada']) {
        await t.database.db.insert(staffTable).values({
          propertyId: property.id,
          firstName,
          lastName: 'Lee',
          email: `${firstName.toLowerCase()}@example.com`,
          phone: '555',
          position: 'Super',
        });
      }
      const response = await preview(landlord, property.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        blockers: [],
        removes: [{ kind: 'staff', count: 2, message: 'Its 2 staff members go with it.' }],
      });
      expect(await read(property.id)).not.toBeNull();
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/properties/${property.id}` }))
          .statusCode,
      ).toBe(204);
    });

    it('says what blocks it in the very words of the 409', async () => {
      const property = await create(landlord, { name: 'Blocked' });
      await addUnit(landlord, property.id, '1');
      await addUnit(landlord, property.id, '2');
      await addUnit(landlord, property.id, '3');
      const response = await preview(landlord, property.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        blockers: [
          {
            kind: 'units',
            count: 3,
            message:
              'This property still has 3 units. Delete its units first, then delete the property.',
          },
        ],
        removes: [],
      });
      const refusal = await landlord.request({
        method: 'DELETE',
        url: `/api/properties/${property.id}`,
      });
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json().message).toBe(response.json().blockers[0].message);
    });

    it('answers 404 to another landlord, 401/403 to a visitor, a Tenant and a Maintenance user; an Admin may look', async () => {
      const property = await create(landlord, { name: 'Looked At' });
      expect((await preview(other, property.id)).statusCode).toBe(404);
      expect((await preview(t, property.id)).statusCode).toBe(401);
      expect((await preview(tenant, property.id)).statusCode).toBe(403);
      expect((await preview(maintenance, property.id)).statusCode).toBe(403);
      expect((await preview(admin, property.id)).json()).toEqual({ blockers: [], removes: [] });
      expect((await preview(landlord, 2_000_000_000)).statusCode).toBe(404);
    });
  });
});
