import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../shared/constants';
import type { Lease } from '../../shared/schemas/leases';
import type { Tenant } from '../../shared/schemas/tenants';
import { signUpAndLogin, type TestApp, type TestUser } from './test-app';

/**
 * Setup that many API tests share: records made through the API (so they pass the same rules
 * as a user's), with defaults a test overrides only where its assertions depend on a value.
 */

type Requester = { request(options: InjectOptions): Promise<LightMyRequestResponse> };

/**
 * The organisation a landlord owns (sign-up made it), as SQL: for the properties a test writes
 * straight into the database.
 */
export function organisationOf(userId: number): SQL<number> {
  return sql<number>`(SELECT organisation_id FROM organisation_members
    WHERE user_id = ${userId} AND role = 'Owner' ORDER BY id LIMIT 1)`;
}

/** Noon in New York on 2026-03-15: the 'today' of the money tests. */
export const MID_MARCH_NOON = new Date('2026-03-15T16:00:00Z');

/** Signs up and logs in one user per role given, in that order. */
export function signUpAll<const R extends readonly Role[]>(
  t: TestApp,
  roles: R,
): Promise<{ -readonly [K in keyof R]: TestUser }> {
  return Promise.all(roles.map((role) => signUpAndLogin(t, role))) as Promise<{
    -readonly [K in keyof R]: TestUser;
  }>;
}

/** POSTs and expects `status`; the answer's body. */
export async function posted<T = { id: number }>(
  user: Requester,
  url: string,
  payload: object,
  status = 201,
): Promise<T> {
  const response = await user.request({ method: 'POST', url, payload });
  expect(response.statusCode, `${url} ${response.body}`).toBe(status);
  return response.json() as T;
}

/** POSTs and expects 201; the new record's id. */
export async function createdId(user: Requester, url: string, payload: object): Promise<number> {
  return (await posted(user, url, payload)).id;
}

/** A refused request must be the caller's fault (4xx), never a crash (5xx). */
export function expectClientError(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label} ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label} ${response.body}`).toBeLessThan(500);
}

let counter = 0;

/** A property of the landlord with one unit per status given, created through the API. */
export async function createPropertyWithUnits(owner: TestUser, statuses: string[] = ['Available']) {
  const { id: propertyId } = await posted(owner, '/api/properties', {
    name: `Maple Court ${++counter}`,
    address: '12 Maple St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  });
  const units: { id: number; unitNumber: string; status: string }[] = [];
  for (const [index, status] of statuses.entries()) {
    units.push(
      await posted(owner, '/api/units', {
        unitNumber: `${100 + index + 1}`,
        propertyId,
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 850,
        rent: 1450,
        status,
      }),
    );
  }
  return { propertyId, units };
}

export const tenantBody = (unitId: number, overrides: Record<string, unknown> = {}) => ({
  unitId,
  unitNumber: 'ignored',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+12125550101',
  email: 'ada@example.com',
  ...overrides,
});

/** A running lease from 2026-01-10 to the year's end. */
export const leaseBody = (tenantId: number, overrides: Record<string, unknown> = {}) => ({
  tenantId,
  startDate: '2026-01-10',
  endDate: '2026-12-31',
  rent: 1000,
  deposit: 500,
  status: 'Active',
  ...overrides,
});

/** A tenant placed in a unit of a new property of the owner (or in `unitId`). */
export async function createTenant(
  owner: TestUser,
  overrides: Record<string, unknown> = {},
  unitId?: number,
): Promise<Tenant> {
  const id = unitId ?? (await createPropertyWithUnits(owner)).units[0]!.id;
  return posted<Tenant>(owner, '/api/tenants', tenantBody(id, overrides));
}

/** A lease (`leaseBody` with `overrides`) of a new tenant in a new property of the owner. */
export async function createLease(
  owner: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Lease> {
  const tenant = await createTenant(owner);
  return posted<Lease>(owner, '/api/leases', leaseBody(tenant.id, overrides));
}
