import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUnitNumbers } from '../../../shared/unit-numbers';
import { posted } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

/** Entered out of order; read back, every list counts them as people do. */
const ENTERED = ['16', '2', '1010', '10', '1B', '2A', '1', '101', '1A'];
const NATURAL = ['1', '1A', '1B', '2', '2A', '10', '16', '101', '1010'];

describe('unit numbers in natural order, on the server', () => {
  let t: TestApp;
  let landlord: TestUser;
  let propertyId: number;
  const get = async (url: string) => {
    const response = await landlord.request({ method: 'GET', url });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response;
  };
  const numbersOf = (rows: { unitNumber: string }[]) => rows.map((row) => row.unitNumber);

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    ({ id: propertyId } = await posted(landlord, '/api/properties', {
      name: 'Birch Court',
      address: '4 Birch St',
      city: 'Salem',
      state: 'OR',
      zipCode: '97301',
    }));
    await posted(landlord, '/api/units/batch', {
      propertyId,
      unitNumbers: ENTERED.join(', '),
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 500,
      rent: 900,
      status: 'Available',
    });
  });
  afterAll(() => t.close());

  it('the shared compare function is the order the lists use', () => {
    expect([...ENTERED].sort(compareUnitNumbers)).toEqual(NATURAL);
  });

  it('unit list: by default, and sorted by unit number both ways', async () => {
    expect(numbersOf((await get(`/api/units?propertyId=${propertyId}`)).json())).toEqual(NATURAL);
    expect(
      numbersOf((await get(`/api/units?propertyId=${propertyId}&sort=unitNumber`)).json()),
    ).toEqual(NATURAL);
    expect(
      numbersOf(
        (await get(`/api/units?propertyId=${propertyId}&sort=unitNumber&order=desc`)).json(),
      ),
    ).toEqual([...NATURAL].reverse());
  });

  it('unit list pages in that order', async () => {
    const first = numbersOf((await get(`/api/units?sort=unitNumber&limit=4`)).json());
    const second = numbersOf((await get(`/api/units?sort=unitNumber&limit=4&offset=4`)).json());
    expect([...first, ...second]).toEqual(NATURAL.slice(0, 8));
  });

  it('property page', async () => {
    const overview = (await get(`/api/properties/${propertyId}/overview`)).json();
    expect(numbersOf(overview.units.rows)).toEqual(NATURAL);
  });

  it('rent roll, its CSV, and the dashboard', async () => {
    expect(numbersOf((await get('/api/rent-roll')).json())).toEqual(NATURAL);
    expect(numbersOf((await get('/api/rent-roll?sort=unit')).json())).toEqual(NATURAL);
    expect(numbersOf((await get('/api/rent-roll?sort=unit&order=desc')).json())).toEqual(
      [...NATURAL].reverse(),
    );
    const csv = (await get('/api/rent-roll.csv?sort=unit')).body;
    const csvNumbers = csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(csvNumbers).toEqual(NATURAL);
    const dashboard = (await get('/api/landlord/dashboard')).json();
    expect(numbersOf(dashboard.units)).toEqual(NATURAL);
  });

  it("the public property list's units", async () => {
    const response = await t.request({ method: 'GET', url: '/api/properties?include=units' });
    const property = (response.json() as { id: number; units?: { unitNumber: string }[] }[]).find(
      (item) => item.id === propertyId,
    );
    expect(numbersOf(property?.units ?? [])).toEqual(NATURAL);
  });
});
