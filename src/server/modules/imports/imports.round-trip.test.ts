import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/schemas/imports';
import type { PropertyExport } from '../../../shared/schemas/property-export';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { postImport } from './imports.test-helpers';

const NOW = new Date('2026-06-15T15:00:00Z');

/**
 * A property exported from one install (GET /api/properties/{id}/export) imports into another
 * (POST /api/imports): the property, its units, staff, current tenants and their leases with the
 * deposit received arrive as they were, and importing the export again adds nothing.
 */
describe('property export -> import into another install', () => {
  let from: TestApp;
  let to: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let exported: PropertyExport;

  const ok = async (user: TestUser, method: 'POST' | 'GET', url: string, payload?: object) => {
    const response = await user.request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    from = await createTestApp({ now: () => NOW });
    to = await createTestApp({ now: () => NOW });
    alice = await signUpAndLogin(from, 'Landlord');
    bob = await signUpAndLogin(to, 'Landlord');

    const property = await ok(alice, 'POST', '/api/properties', {
      name: 'Harbor View',
      description: 'Two floors, "sea" side',
      address: '9 Quay Rd',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
    });
    const unit = (unitNumber: string, rent: number) =>
      ok(alice, 'POST', '/api/units', {
        propertyId: property.id,
        unitNumber,
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 910.5,
        rent,
        description: null,
      });
    const a1 = await unit('A1', 1525.5);
    await unit('A2', 1480);
    const tenant = await ok(alice, 'POST', '/api/tenants', {
      unitId: a1.id,
      firstName: 'Iris',
      lastName: 'Novak',
      phoneNumber: '+12075550123',
      email: 'iris@example.com',
    });
    const lease = await ok(alice, 'POST', '/api/leases', {
      tenantId: tenant.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 1525.5,
      deposit: 1500,
      status: 'Active',
      rentDueDay: 'last',
    });
    await ok(alice, 'POST', `/api/leases/${lease.id}/deposit/receipts`, {
      amount: 1000,
      date: '2026-01-02',
    });
    await ok(alice, 'POST', '/api/staff', {
      propertyId: property.id,
      firstName: 'Lee',
      lastName: 'Park',
      email: 'lee@example.com',
      phone: '+12075550999',
      position: 'Superintendent',
    });
    exported = await ok(alice, 'GET', `/api/properties/${property.id}/export`);
  });
  afterAll(async () => {
    await from?.close();
    await to?.close();
  });

  it('brings the property, units, staff, tenant, lease and deposit received across', async () => {
    const file = { bytes: JSON.stringify(exported), filename: 'harbor-view.json' };
    const preview = (await postImport(bob, '/api/imports/preview', file)).json() as ImportResult;
    expect(preview.errors).toEqual([]);
    const response = await postImport(bob, '/api/imports', file);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as ImportResult).created).toEqual({
      properties: 1,
      units: 2,
      tenants: 1,
      leases: 1,
      staff: 1,
    });

    const [property] = await ok(bob, 'GET', '/api/properties?mine=true');
    const copy: PropertyExport = await ok(bob, 'GET', `/api/properties/${property.id}/export`);
    const pick = <T, K extends keyof T>(rows: T[], keys: K[]) =>
      rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
    expect(
      pick([copy.property], ['name', 'description', 'address', 'city', 'state', 'zipCode']),
    ).toEqual(
      pick([exported.property], ['name', 'description', 'address', 'city', 'state', 'zipCode']),
    );
    const unitKeys = [
      'unitNumber',
      'bedrooms',
      'bathrooms',
      'squareFeet',
      'rent',
      'status',
    ] as const;
    expect(pick(copy.units, [...unitKeys])).toEqual(pick(exported.units, [...unitKeys]));
    const staffKeys = ['firstName', 'lastName', 'email', 'phone', 'position'] as const;
    expect(pick(copy.staff, [...staffKeys])).toEqual(pick(exported.staff, [...staffKeys]));
    const tenantKeys = ['unitNumber', 'firstName', 'lastName', 'email', 'phoneNumber'] as const;
    expect(pick(copy.tenants, [...tenantKeys])).toEqual(pick(exported.tenants, [...tenantKeys]));
    const leaseKeys = [
      'unitNumber',
      'startDate',
      'endDate',
      'rent',
      'deposit',
      'status',
      'rentDueDay',
    ] as const;
    expect(pick(copy.leases, [...leaseKeys])).toEqual(pick(exported.leases, [...leaseKeys]));
    expect(copy.leases[0]!.depositAccount).toMatchObject({ agreed: 1500, received: 1000 });

    const again = await postImport(bob, '/api/imports', file);
    expect((again.json() as ImportResult).created).toEqual({
      properties: 0,
      units: 0,
      tenants: 0,
      leases: 0,
      staff: 0,
    });
  });
});
