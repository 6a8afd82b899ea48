import type { Page } from '@playwright/test';
import { addDays, calendarDate } from '../src/shared/dates';
import { expect, PASSWORD, uniqueName } from './fixtures';

/**
 * Setup through the API, so a journey spends its time on the screens it is about. Records get
 * plain defaults; a journey passes the values its assertions read.
 */

/** 'YYYY-MM-DD' some days from today in the server's calendar (TIME_ZONE), the browser's too. */
export const daysFromNow = (days: number) =>
  addDays(calendarDate(new Date(), 'America/New_York'), days);

/**
 * Logs in through the API (same origin: the session cookie lands in the page's context) and
 * stores the user as the app does after a login, so journeys do not depend on the login screen.
 */
export async function logIn(page: Page, userName: string, password = PASSWORD): Promise<void> {
  // Whoever was logged in before leaves no cookie behind.
  await page.context().clearCookies();
  const response = await page.request.post('/api/authentication/login', {
    data: { userName, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const me = await page.request.get('/api/authentication/me');
  expect(me.status(), await me.text()).toBe(200);
  const user: unknown = await me.json();
  await page.goto('/login');
  await page.evaluate(
    (stored) => localStorage.setItem('porchlight.user', JSON.stringify(stored)),
    user,
  );
}

/** POSTs as the logged-in user and expects `status`; the answer's body. */
export async function created<T = { id: number }>(
  page: Page,
  url: string,
  data: object,
  status = 201,
): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** POSTs as the logged-in user and expects 201; the new record's id. */
export async function createdId(page: Page, url: string, data: object): Promise<number> {
  return (await created(page, url, data)).id;
}

export function createProperty(page: Page, fields: Record<string, unknown> = {}) {
  return created<{ id: number; name: string }>(page, '/api/properties', {
    name: uniqueName('Elm Court '),
    address: '1 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    ...fields,
  });
}

export function createUnit(page: Page, propertyId: number, fields: Record<string, unknown> = {}) {
  return created(page, '/api/units', {
    propertyId,
    unitNumber: '1A',
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 600,
    rent: 1200,
    status: 'Available',
    ...fields,
  });
}

export function createTenant(page: Page, unitId: number, fields: Record<string, unknown> = {}) {
  return created(page, '/api/tenants', {
    unitId,
    firstName: 'Nia',
    lastName: 'Okafor',
    phoneNumber: '212-555-0177',
    email: `${uniqueName('tenant')}@example.com`,
    ...fields,
  });
}

/** A running lease (started 20 days ago) unless `fields` say otherwise. */
export function createLease(page: Page, tenantId: number, fields: Record<string, unknown> = {}) {
  return created(page, '/api/leases', {
    tenantId,
    startDate: daysFromNow(-20),
    endDate: daysFromNow(340),
    rent: 1200,
    deposit: 600,
    status: 'Active',
    ...fields,
  });
}

/**
 * A lease of a new tenant in a new unit of a new property, for journeys about one lease's page:
 * the tenant's and the lease's fields as given; its id.
 */
export async function createLeaseInNewUnit(
  page: Page,
  fields: { tenant?: Record<string, unknown>; lease?: Record<string, unknown> } = {},
): Promise<number> {
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id);
  const tenant = await createTenant(page, unit.id, fields.tenant);
  return (await createLease(page, tenant.id, fields.lease)).id;
}

export function createStaff(page: Page, propertyId: number, fields: Record<string, unknown> = {}) {
  return created(page, '/api/staff', {
    propertyId,
    firstName: 'Omar',
    lastName: 'Reyes',
    email: 'omar@example.com',
    phone: '212-555-0155',
    position: 'Handyman',
    ...fields,
  });
}

/** The one-time code of a new invitation for `record` ('tenants/7' or 'staff/3'). */
export async function invitationCode(page: Page, record: string): Promise<string> {
  const { path } = await created<{ path: string }>(page, `/api/${record}/invitations`, {});
  return path.split('/').pop()!;
}
