import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate } from '../../../shared/dates';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { z } from 'zod';
import { readRows } from '../../db/read-rows';

const HEADER = 'Name,Unit #,Property,Phone,Email,Added';
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the tenants CSV download', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let propertyId: number;
  let units: { id: number }[];
  /** The day the database recorded the tenants (by its own clock, not the app's). */
  let addedOn: string;

  async function place(owner: TestUser, unitId: number, overrides: Record<string, unknown>) {
    const response = await owner.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unitId, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-24T15:00:00Z');
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    ({ propertyId, units } = await createPropertyWithUnits(landlord, ['Available', 'Available']));
    await place(landlord, units[0]!.id, { firstName: 'Ada', lastName: 'Lovelace' });
    await place(landlord, units[1]!.id, {
      firstName: '@Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    });
    const theirs = await createPropertyWithUnits(other);
    await place(other, theirs.units[0]!.id, { firstName: 'Stranger', lastName: 'Danger' });
    const [added] = await readRows(
      t.database.db,
      sql`select min(created_at) as at from tenants`,
      z.object({ at: z.coerce.date() }),
    );
    addedOn = calendarDate(added!.at, t.config.timeZone);
  });
  afterAll(() => t?.close());

  it("writes the screen's columns for the caller's tenants only", async () => {
    const response = await landlord.request({ method: 'GET', url: '/api/tenants.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tenants-2026-11-24.csv"',
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(HEADER);
    // The list's default order: by last name.
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^'@Grace Hopper,102,Maple Court \d+,\(212\) 555-0101,grace@example\.com,${addedOn}$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          String.raw`^Ada Lovelace,101,Maple Court \d+,\(212\) 555-0101,ada@example\.com,${addedOn}$`,
        ),
      ),
    ]);
    expect(response.body).not.toContain('Stranger');
  });

  it('honours the unit filter and the search', async () => {
    const one = await landlord.request({
      method: 'GET',
      url: `/api/tenants.csv?unitId=${units[1]!.id}&propertyId=${propertyId}`,
    });
    expect(lines(one.body)).toHaveLength(2);
    expect(lines(one.body)[1]).toMatch(/^'@Grace Hopper,102,/);
    const searched = await landlord.request({ method: 'GET', url: '/api/tenants.csv?q=lovel' });
    expect(
      lines(searched.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual(['Ada Lovelace']);
  });

  it("answers 404 for another landlord's unit and refuses everyone but managers", async () => {
    expect(
      (await other.request({ method: 'GET', url: `/api/tenants.csv?unitId=${units[0]!.id}` }))
        .statusCode,
    ).toBe(404);
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    expect((await maintenance.request({ method: 'GET', url: '/api/tenants.csv' })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/tenants.csv' })).statusCode).toBe(401);
  });
});
