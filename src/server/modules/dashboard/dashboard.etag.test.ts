import { eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { applicationsTable } from '../applications';
import { leasesTable } from '../leases';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';

const FULL = '/api/landlord/dashboard';
const FIRST_SCREEN = '/api/landlord/dashboard?sections=summary,properties,leasesEndingSoon';

describe('dashboard ETag and If-None-Match', () => {
  let t: TestApp;
  let landlord: TestUser;
  let neighbour: TestUser;
  let propertyId: number;
  let unitId: number;

  const get = (user: TestUser, url = FULL, etag?: string) =>
    user.request({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  async function createProperty(user: TestUser, name: string): Promise<number> {
    const response = await user.request({
      method: 'POST',
      url: '/api/properties',
      payload: { name, address: '1 Elm St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  async function createUnit(user: TestUser, property: number, unitNumber: string) {
    const response = await user.request({
      method: 'POST',
      url: '/api/units',
      payload: {
        unitNumber,
        propertyId: property,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: 900,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /** The current ETag; asserts that the copy named by `previous` is no longer current. */
  async function etagAfterChange(previous: string): Promise<string> {
    const response = await get(landlord, FULL, previous);
    expect(response.statusCode).toBe(200);
    const etag = response.headers.etag as string;
    expect(etag).not.toBe(previous);
    return etag;
  }

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    neighbour = await signUpAndLogin(t, 'Landlord');
    propertyId = await createProperty(landlord, 'Elm Court');
    unitId = await createUnit(landlord, propertyId, '1');
  });
  afterAll(() => t.close());

  it('answers 304 with no body while the portfolio is unchanged', async () => {
    const first = await get(landlord);
    expect(first.statusCode).toBe(200);
    // Personal data: never kept by a browser's cache, only by a client that names its copy.
    expect(first.headers['cache-control']).toBe('no-store');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-\d+"$/);

    const again = await get(landlord, FULL, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A 304 announces no body: a client reading one would wait for it.
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    // A weak form or a list naming it is the same copy.
    expect((await get(landlord, FULL, `"other-1", W/${etag}`)).statusCode).toBe(304);
  });

  it('stays 304 when another landlord writes', async () => {
    const etag = (await get(landlord)).headers.etag as string;
    const theirs = await createProperty(neighbour, 'Far Away');
    await createUnit(neighbour, theirs, 'F1');
    await neighbour.request({
      method: 'PUT',
      url: `/api/users/${neighbour.user.id}/contact`,
      payload: { email: 'far@example.com', phone: '+12125550142' },
    });
    expect((await get(landlord, FULL, etag)).statusCode).toBe(304);
  });

  it("changes with every write to the landlord's portfolio, whatever writes it", async () => {
    const db = t.database.db;
    let etag = (await get(landlord)).headers.etag as string;

    await createUnit(landlord, propertyId, '2');
    etag = await etagAfterChange(etag);

    const [tenant] = await db
      .insert(tenantsTable)
      .values({
        unitId,
        unitNumber: '1',
        firstName: 'Tia',
        lastName: 'Tenant',
        phoneNumber: '+12125550101',
        email: 'tia@example.com',
      })
      .returning();
    etag = await etagAfterChange(etag);

    const [lease] = await db
      .insert(leasesTable)
      .values({
        tenantId: tenant!.id,
        unitId,
        unitNumber: '1',
        firstName: 'Tia',
        lastName: 'Tenant',
        startDate: '2026-01-01',
        endDate: '2099-01-01',
        rent: toCents(900),
        deposit: toCents(900),
        status: 'Active',
      })
      .returning();
    etag = await etagAfterChange(etag);

    await db
      .update(leasesTable)
      .set({ rent: toCents(950) })
      .where(eq(leasesTable.id, lease!.id));
    etag = await etagAfterChange(etag);

    await db
      .update(tenantsTable)
      .set({ phoneNumber: '+12125550102' })
      .where(eq(tenantsTable.id, tenant!.id));
    etag = await etagAfterChange(etag);

    await db.insert(staffTable).values({
      propertyId,
      firstName: 'Olive',
      lastName: 'Owner',
      email: 'olive@example.com',
      phone: '+12125550103',
      position: 'Owner',
    });
    etag = await etagAfterChange(etag);

    await db.insert(applicationsTable).values({
      unitId,
      unitNumber: '1',
      firstName: 'Ann',
      lastName: 'Applicant',
      email: 'ann@example.com',
      phoneNumber: '+12125550104',
      status: 'Pending',
    });
    etag = await etagAfterChange(etag);

    const contact = await landlord.request({
      method: 'PUT',
      url: `/api/users/${landlord.user.id}/contact`,
      payload: { email: 'elm@example.com', phone: '+12125550105' },
    });
    expect(contact.statusCode).toBe(200);
    etag = await etagAfterChange(etag);

    await db.delete(leasesTable).where(eq(leasesTable.id, lease!.id));
    etag = await etagAfterChange(etag);

    const fresh = await get(landlord, FULL, etag);
    expect(fresh.statusCode).toBe(304);
  });

  it("is never given to an Admin (their answer spans every landlord's) nor taken from another user", async () => {
    const admin = await signUpAndLogin(t, 'Admin');
    const answer = await get(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBeUndefined();
    const landlordsEtag = (await get(landlord)).headers.etag as string;
    expect((await get(admin, FULL, landlordsEtag)).statusCode).toBe(200);
    expect((await get(neighbour, FULL, landlordsEtag)).statusCode).toBe(200);
  });
  it('names one day and one set of sections: another day or another view is answered in full', async () => {
    const full = (await get(landlord)).headers.etag as string;
    const firstScreen = await get(landlord, FIRST_SCREEN, full);
    expect(firstScreen.statusCode).toBe(200);
    expect(firstScreen.headers.etag).not.toBe(full);
    expect((await get(landlord, FIRST_SCREEN, firstScreen.headers.etag as string)).statusCode).toBe(
      304,
    );

    // Tomorrow (a new session: the old one has been idle too long by then).
    t.clock.advance(24 * 60 * 60 * 1000);
    landlord = await login(t, landlord.user.userName, landlord.password);
    const tomorrow = await get(landlord, FULL, full);
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers.etag).not.toBe(full);
  });
});
