import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import dayjs from 'dayjs';
import { expect, uniqueName } from './fixtures';

export const daysFromNow = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

async function created<T = { id: number }>(
  request: APIRequestContext,
  path: string,
  data: object,
): Promise<T> {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * A lease of the logged-in landlord with one charge on its ledger. It starts in a few days, so
 * the server's rent job posts nothing meanwhile: the balance is exactly that charge.
 */
export async function leaseWithCharge(page: Page, charge: number) {
  const request = page.request;
  const property = await created(request, '/api/properties', {
    name: uniqueName('Ledger Court '),
    address: '12 Ledger Court',
    city: 'Hartford',
    state: 'CT',
    zipCode: '06103',
  });
  const unit = await created(request, '/api/units', {
    propertyId: property.id,
    unitNumber: '2A',
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 640,
    rent: 1400,
    status: 'Available',
  });
  const tenant = await created(request, '/api/tenants', {
    unitId: unit.id,
    firstName: 'Mabel',
    lastName: 'Payne',
    phoneNumber: '555-0142',
    email: `${uniqueName('mabel')}@example.com`,
  });
  const lease = await created(request, '/api/leases', {
    tenantId: tenant.id,
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
    rent: 1400,
    deposit: 1000,
    status: 'Active',
  });
  await created(request, `/api/leases/${lease.id}/ledger/charges`, {
    category: 'utilities',
    amount: charge,
    entryDate: daysFromNow(-1),
    description: 'Water and sewer',
  });
  return { leaseId: lease.id };
}

/** Axe on an open dialog, polled: while it fades in, its half-transparent text fails contrast. */
export async function expectDialogAccessible(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const axe = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      return axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    })
    .toEqual([]);
}
