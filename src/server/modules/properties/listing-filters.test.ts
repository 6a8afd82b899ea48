import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../../shared/schemas/properties';
import { posted } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp } from '../../test/test-app';

/** docs/product.md section 16: what an applicant filters the public listing by. */
describe('the public listing for applicants', () => {
  let t: TestApp;
  let boise: number;
  let austin: number;

  beforeAll(async () => {
    t = await createTestApp({ searchesPerMinute: 0 });
    const landlord = await signUpAndLogin(t, 'Landlord');
    const property = (name: string, city: string, state: string) =>
      posted(landlord, '/api/properties', {
        name,
        address: '1 Main St',
        city,
        state,
        zipCode: '83702',
      }).then((p) => p.id);
    boise = await property('Linden Court', 'Boise', 'ID');
    austin = await property('Cedar House', 'Austin', 'TX');
    const unit = (propertyId: number, unitNumber: string, fields: object) =>
      posted(landlord, '/api/units', { propertyId, unitNumber, squareFeet: 700, ...fields });
    await unit(boise, '101', { bedrooms: 2, bathrooms: 1, rent: 1300, status: 'Rented' });
    await unit(boise, '102', { bedrooms: 3, bathrooms: 2, rent: 1800, status: 'Maintenance' });
    await unit(boise, '103', { bedrooms: 2, bathrooms: 1, rent: 1300, status: 'Available' });
    await unit(boise, '104', { bedrooms: 1, bathrooms: 1, rent: 950, status: 'Available' });
    await unit(austin, '1A', { bedrooms: 2, bathrooms: 1, rent: 1250, status: 'Rented' });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/properties?include=units&${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json() as Property[];
    return Object.fromEntries(
      found.map((p) => [p.name, (p.units ?? []).map((u) => u.unitNumber)]),
    ) as Record<string, string[]>;
  };

  it('shows available units first and hides rented ones, and a building with nothing to let', async () => {
    expect(await list('')).toEqual({ 'Linden Court': ['103', '104', '102'] });
  });

  it('shows rented units too when asked', async () => {
    expect(await list('rented=true')).toEqual({
      'Cedar House': ['1A'],
      'Linden Court': ['103', '104', '101', '102'],
    });
  });

  it('filters by bedrooms and bathrooms (at least), rent range and city', async () => {
    expect(await list('beds=2')).toEqual({ 'Linden Court': ['103', '102'] });
    expect(await list('baths=2')).toEqual({ 'Linden Court': ['102'] });
    expect(await list('minRent=1000&maxRent=1400')).toEqual({ 'Linden Court': ['103'] });
    expect(await list('maxRent=1300&rented=true')).toEqual({
      'Cedar House': ['1A'],
      'Linden Court': ['103', '104', '101'],
    });
    expect(await list('city=boise&beds=1')).toEqual({ 'Linden Court': ['103', '104', '102'] });
    expect(await list('city=Austin')).toEqual({});
    expect(await list('city=Austin&rented=true')).toEqual({ 'Cedar House': ['1A'] });
    expect(await list('beds=4')).toEqual({});
  });

  it("reads '2 bedroom' and '$1,300' typed in the search as filters", async () => {
    expect(await list(`q=${encodeURIComponent('2 bedroom')}`)).toEqual({
      'Linden Court': ['103', '102'],
    });
    expect(await list(`q=${encodeURIComponent('$1,300')}`)).toEqual({
      'Linden Court': ['103', '104'],
    });
    expect(await list(`q=${encodeURIComponent('2 bed boise')}`)).toEqual({
      'Linden Court': ['103', '102'],
    });
    expect(await list(`q=${encodeURIComponent('2 bed austin')}`)).toEqual({});
  });

  it('answers each filter under its own ETag, and 304 for a copy that is current', async () => {
    const first = await t.request({ method: 'GET', url: '/api/properties?beds=2' });
    const other = await t.request({ method: 'GET', url: '/api/properties?beds=3' });
    expect(first.headers.etag).toBeTruthy();
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const again = await t.request({
      method: 'GET',
      url: '/api/properties?beds=2',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses filters that are not numbers or out of range', async () => {
    for (const query of ['beds=-1', 'beds=two', 'baths=1000', 'maxRent=abc', 'minRent=-5']) {
      const response = await t.request({ method: 'GET', url: `/api/properties?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    expect(austin).toBeGreaterThan(boise);
  });
});
