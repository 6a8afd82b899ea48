import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { vendorsTable } from './vendors.table';

/** Vendors (docs/product.md section 29): a landlord's payees, tax ids masked, archived when used. */
describe('vendors', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
  });
  afterAll(() => t.close());

  const plumber = {
    name: 'Drip Stop Plumbing',
    contactName: 'Sam Ortiz',
    email: 'Sam@DripStop.example',
    phone: '(212) 555-0142',
    trade: 'Plumbing',
    taxId: '12-3456789',
    receives1099: true,
  };

  it('a landlord adds a vendor: the tax id comes back masked, never in full, and lists only say one is on file', async () => {
    const vendor = await posted<Record<string, unknown>>(landlord, '/api/vendors', plumber);
    expect(vendor).toMatchObject({
      name: 'Drip Stop Plumbing',
      email: 'sam@dripstop.example',
      phone: '+12125550142',
      taxIdMasked: '•••-••-6789',
      receives1099: true,
      archived: false,
      expenseCount: 0,
    });
    expect(JSON.stringify(vendor)).not.toContain('3456789');

    const list = await landlord.request({ method: 'GET', url: '/api/vendors' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).not.toContain('6789');
    expect(list.json()[0]).toMatchObject({ id: vendor.id, hasTaxId: true });

    const [stored] = await t.database.db
      .select()
      .from(vendorsTable)
      .where(eq(vendorsTable.id, vendor.id as number));
    expect(stored!.taxId).toBe('123456789');

    // The audit trail keeps whether a tax id is on file, not the number.
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityType, 'vendors'),
          eq(auditEventsTable.entityId, vendor.id as number),
        ),
      );
    expect(JSON.stringify(events)).not.toContain('3456789');
  });

  it('refuses a tax id of neither shape, and changes nothing', async () => {
    const before = await t.database.db.select().from(vendorsTable);
    for (const taxId of ['123456', '12-345678A', '000-00-0000', '1234-56789']) {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/vendors',
        payload: { ...plumber, taxId },
      });
      expect(response.statusCode, taxId).toBe(400);
      expect(response.json().errors.taxId[0]).toMatch(/EIN .* or an SSN/);
    }
    expect(await t.database.db.select().from(vendorsTable)).toEqual(before);
    // An SSN shape is taken too.
    const ssn = await posted<{ taxIdMasked: string }>(landlord, '/api/vendors', {
      name: 'Pat the painter',
      taxId: '123-45-6789',
    });
    expect(ssn.taxIdMasked).toBe('•••-••-6789');
  });

  it('PATCH changes the fields sent; null clears the tax id; absent keeps it', async () => {
    const vendor = await posted<{ id: number }>(landlord, '/api/vendors', plumber);
    const renamed = await landlord.request({
      method: 'PATCH',
      url: `/api/vendors/${vendor.id}`,
      payload: { name: 'Drip Stop & Sons' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Drip Stop & Sons',
      trade: 'Plumbing',
      taxIdMasked: '•••-••-6789',
      receives1099: true,
    });
    const cleared = await landlord.request({
      method: 'PATCH',
      url: `/api/vendors/${vendor.id}`,
      payload: { taxId: null },
    });
    expect(cleared.json()).toMatchObject({ taxIdMasked: null, hasTaxId: false });
  });

  it("another landlord neither sees nor changes a landlord's vendor (404); an Admin sees it", async () => {
    const vendor = await posted<{ id: number }>(landlord, '/api/vendors', plumber);
    for (const request of [
      { method: 'GET' as const, url: `/api/vendors/${vendor.id}` },
      { method: 'PATCH' as const, url: `/api/vendors/${vendor.id}`, payload: { name: 'Mine now' } },
      { method: 'POST' as const, url: `/api/vendors/${vendor.id}/archive` },
      { method: 'DELETE' as const, url: `/api/vendors/${vendor.id}` },
    ]) {
      const response = await other.request(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const list = await other.request({ method: 'GET', url: '/api/vendors' });
    expect(list.json()).toEqual([]);
    const seen = await admin.request({ method: 'GET', url: `/api/vendors/${vendor.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().taxIdMasked).toBe('•••-••-6789');
  });

  it('a vendor no record names is deleted; one an expense names is archived instead (409), then restored', async () => {
    const unused = await posted<{ id: number }>(landlord, '/api/vendors', { name: 'Unused Co' });
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/vendors/${unused.id}` })).statusCode,
    ).toBe(204);

    const used = await posted<{ id: number }>(landlord, '/api/vendors', { name: 'Used Co' });
    const { propertyId } = await createPropertyWithUnits(landlord);
    await posted(landlord, '/api/expenses', {
      propertyId,
      vendorId: used.id,
      category: 'repairs',
      amount: 120,
      expenseDate: '2026-03-01',
    });
    const preview = await landlord.request({
      method: 'GET',
      url: `/api/vendors/${used.id}/deletion`,
    });
    expect(preview.json().blockers).toEqual([
      { kind: 'expenses', count: 1, message: 'An expense names this vendor: archive it instead.' },
    ]);
    const refused = await landlord.request({ method: 'DELETE', url: `/api/vendors/${used.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'vendors.in_use' });

    const archived = await posted<{ archived: boolean }>(
      landlord,
      `/api/vendors/${used.id}/archive`,
      {},
      200,
    );
    expect(archived.archived).toBe(true);
    const active = await landlord.request({ method: 'GET', url: '/api/vendors?q=Used' });
    expect(active.json()).toEqual([]);
    const archivedList = await landlord.request({
      method: 'GET',
      url: '/api/vendors?archived=true&q=Used',
    });
    expect(archivedList.json().map((v: { id: number }) => v.id)).toEqual([used.id]);
    const again = await landlord.request({
      method: 'POST',
      url: `/api/vendors/${used.id}/archive`,
    });
    expect(again.statusCode).toBe(409);
    await posted(landlord, `/api/vendors/${used.id}/restore`, {}, 200);

    const actions = await t.database.db
      .select({ action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityType, 'vendors'), eq(auditEventsTable.entityId, used.id)),
      )
      .orderBy(asc(auditEventsTable.id));
    expect(actions.map((a) => a.action)).toEqual(['create', 'archive', 'restore']);
  });

  it('tenants and maintenance workers have no vendors (403)', async () => {
    const [tenant] = await signUpAll(t, ['Tenant']);
    expect((await tenant.request({ method: 'GET', url: '/api/vendors' })).statusCode).toBe(403);
    expect(
      (await tenant.request({ method: 'POST', url: '/api/vendors', payload: plumber })).statusCode,
    ).toBe(403);
  });
});
