import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate } from '../../../shared/dates';
import { createPropertyWithUnits, signUpAll } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { z } from 'zod';
import { readRows } from '../../db/read-rows';

const HEADER = 'Status,Decline reason,Applicant,Email,Phone,Property,Unit,Move-in,Message,Received';
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the applications CSV download', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  /** The day the database recorded the applications (by its own clock, not the app's). */
  let receivedOn: string;

  async function apply(unitId: number, lastName: string, message: string | null) {
    const response = await t.request({
      method: 'POST',
      url: '/api/applications',
      payload: {
        unitId,
        firstName: 'Ann',
        lastName,
        email: 'ann@example.com',
        phoneNumber: '+12125550199',
        moveInDate: '2026-12-15',
        message,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-24T15:00:00Z');
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    const { units } = await createPropertyWithUnits(landlord, ['Available']);
    await apply(units[0]!.id, 'Pending', '=cmd|"/c calc"!A1, please\nthanks');
    const rejected = await apply(units[0]!.id, 'Rejected', null);
    const reject = await landlord.request({
      method: 'POST',
      url: `/api/applications/${rejected.id}/reject`,
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const theirs = await createPropertyWithUnits(other);
    await apply(theirs.units[0]!.id, 'Stranger', null);
    const [received] = await readRows(
      t.database.db,
      sql`select min(created_at) as at from rental_applications`,
      z.object({ at: z.coerce.date() }),
    );
    receivedOn = calendarDate(received!.at, t.config.timeZone);
  });
  afterAll(() => t?.close());

  it("writes the screen's columns, pending first, with messages quoted and neutralised", async () => {
    const response = await landlord.request({ method: 'GET', url: '/api/applications.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="applications-2026-11-24.csv"',
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(
      new RegExp(
        String.raw`^Pending,,Ann Pending,ann@example\.com,\(212\) 555-0199,Maple Court \d+,101,2026-12-15,"'=cmd\|""\/c calc""!A1, please\nthanks",${receivedOn}$`,
      ),
    );
    expect(rows[2]).toMatch(/^Rejected,,Ann Rejected,/);
    expect(response.body).not.toContain('Stranger');
  });

  it('honours the status filter and the search', async () => {
    const rejected = await landlord.request({
      method: 'GET',
      url: '/api/applications.csv?status=Rejected',
    });
    expect(
      lines(rejected.body)
        .slice(1)
        .map((row) => row.split(',')[2]),
    ).toEqual(['Ann Rejected']);
    const none = await landlord.request({ method: 'GET', url: '/api/applications.csv?q=nobody' });
    expect(lines(none.body)).toEqual([HEADER]);
  });

  it('refuses visitors, tenants and maintenance staff', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    const url = '/api/applications.csv';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
    const theirs = await other.request({ method: 'GET', url });
    expect(lines(theirs.body)).toHaveLength(2);
    expect(theirs.body).not.toContain('Ann Pending');
  });
});
