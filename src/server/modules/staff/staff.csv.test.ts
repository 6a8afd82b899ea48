import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, signUpAll } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

const HEADER = 'Name,Position,Email,Phone,Property';
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the staff CSV download', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let first: number;
  let second: number;

  async function addStaff(owner: TestUser, propertyId: number, lastName: string, position: string) {
    const response = await owner.request({
      method: 'POST',
      url: '/api/staff',
      payload: {
        propertyId,
        firstName: 'Sam',
        lastName,
        email: `${lastName.toLowerCase()}@example.com`,
        phone: '+12125550111',
        position,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    first = (await createPropertyWithUnits(landlord)).propertyId;
    second = (await createPropertyWithUnits(landlord)).propertyId;
    await addStaff(landlord, first, 'Able', '+Plumber');
    await addStaff(landlord, second, 'Baker', 'Superintendent');
    const theirs = (await createPropertyWithUnits(other)).propertyId;
    await addStaff(other, theirs, 'Stranger', 'Painter');
  });
  afterAll(() => t?.close());

  it("writes the screen's columns for the caller's staff, neutralising formula-looking text", async () => {
    const response = await landlord.request({ method: 'GET', url: '/api/staff.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="staff-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        /^Sam Able,'\+Plumber,able@example\.com,\(212\) 555-0111,Maple Court \d+$/,
      ),
      expect.stringMatching(
        /^Sam Baker,Superintendent,baker@example\.com,\(212\) 555-0111,Maple Court/,
      ),
    ]);
    expect(response.body).not.toContain('Stranger');
  });

  it('honours the property filter, the search and the sort', async () => {
    const one = await landlord.request({
      method: 'GET',
      url: `/api/staff.csv?propertyId=${second}`,
    });
    expect(lines(one.body)).toHaveLength(2);
    expect(lines(one.body)[1]).toMatch(/^Sam Baker,/);
    const searched = await landlord.request({ method: 'GET', url: '/api/staff.csv?q=plumb' });
    expect(
      lines(searched.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual(['Sam Able']);
    const sorted = await landlord.request({
      method: 'GET',
      url: '/api/staff.csv?sort=name&order=desc',
    });
    expect(
      lines(sorted.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual(['Sam Baker', 'Sam Able']);
  });

  it("answers 404 for another landlord's property and refuses everyone but managers", async () => {
    expect(
      (await other.request({ method: 'GET', url: `/api/staff.csv?propertyId=${first}` }))
        .statusCode,
    ).toBe(404);
    const tenant = await signUpAndLogin(t, 'Tenant');
    expect((await tenant.request({ method: 'GET', url: '/api/staff.csv' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/staff.csv' })).statusCode).toBe(401);
  });
});
