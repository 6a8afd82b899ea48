import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueName } from './fixtures';
import { created, createLease, createStaff, createUnit, logIn } from './api-helpers';

/**
 * Stored script payloads (names, descriptions, messages) are shown as plain text on every
 * screen that shows them: nothing runs, no element is injected, the text reads as typed.
 */
const tag = uniqueName('x');
const IMG = `<img src=x data-xss="${tag}" onerror="window.__xss=(window.__xss||0)+1">`;
const SCRIPT = `<script data-xss="${tag}">window.__xss=(window.__xss||0)+1</script>`;
const LINK = `<a data-xss="${tag}" href="javascript:window.__xss=1">click</a>`;

/** Nothing ran, no payload element exists, and (when given) the payload is visible as text. */
async function expectInert(page: Page, visibleText?: string) {
  if (visibleText)
    await expect(page.getByText(visibleText, { exact: false }).first()).toBeVisible();
  expect(await page.locator(`[data-xss="${tag}"]`).count()).toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
}

test('stored script payloads render as plain text on every screen', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const property = await created<{ id: number }>(page, '/api/properties', {
    name: `Evil ${IMG}`,
    description: `About ${SCRIPT}`,
    address: `1 ${LINK} Street`,
    city: 'Springfield',
    state: 'NY',
    zipCode: '10001',
    imageUrl: null,
  });
  const rented = await created<{ id: number }>(page, '/api/units', {
    unitNumber: 'X1',
    propertyId: property.id,
    description: `Unit ${IMG}`,
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 500,
    rent: 1000,
    status: 'Available',
  });
  await createUnit(page, property.id, {
    unitNumber: 'X2',
    description: `Free ${SCRIPT}`,
    squareFeet: 500,
    rent: 1000,
  });
  const tenant = await created<{ id: number }>(page, '/api/tenants', {
    unitId: rented.id,
    firstName: `T${IMG}`.slice(0, 200),
    lastName: 'Doe',
    phoneNumber: '212-555-0100',
    email: 'tenant@example.com',
  });
  await createLease(page, tenant.id, {
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    rent: 1000,
    deposit: 1000,
  });
  await createStaff(page, property.id, {
    firstName: '<b>Bold</b>',
    lastName: '<i>x</i>',
    position: '<u>Owner</u>',
  });

  // The spec's image URL rule: anything but http(s) is refused, never stored.
  for (const imageUrl of [
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'JaVaScRiPt:alert(1)',
    'ftp://x/y.png',
  ]) {
    const refused = await page.request.post('/api/units', {
      data: {
        unitNumber: uniqueName('U'),
        propertyId: property.id,
        imageUrl,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 1,
        rent: 1,
        status: 'Available',
      },
    });
    expect(refused.status(), imageUrl).toBe(400);
  }

  await page.goto('/landlord-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectInert(page, `Evil ${IMG}`);
  await page.getByText(`Evil ${IMG}`).first().click();
  await expectInert(page);

  await page.goto('/units');
  await expectInert(page, `Evil ${IMG}`);
  await page.goto('/tenants');
  await expectInert(page, IMG);
  await page.goto(`/tenants/${tenant.id}`);
  await expectInert(page, IMG);
  await page.goto('/leases');
  await expectInert(page);
  await page.goto('/staff');
  await expectInert(page, '<b>Bold</b>');
  expect(await page.locator('b', { hasText: 'Bold' }).count()).toBe(0);
  await page.goto('/property/create');
  await expectInert(page, `Evil ${IMG}`);

  // A visitor's public browser, with the property's units expanded.
  await page.request.post('/api/authentication/logout');
  await page.evaluate(() => localStorage.clear());
  // First the visitor's '/', rendered by the server with its state embedded, then searched.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
  await expectInert(page);
  await page.getByLabel('Search properties').fill('Evil');
  await expectInert(page, `Evil ${IMG}`);
  await page.goto('/properties');
  await page
    .getByRole('searchbox')
    .or(page.getByLabel(/search/i))
    .first()
    .fill('Evil');
  await expectInert(page, `Evil ${IMG}`);
  await expect(page.getByText(`About ${SCRIPT}`).first()).toBeVisible();
  const expandAll = page.getByRole('button', { name: 'Expand All' });
  if (await expandAll.isVisible()) await expandAll.click();
  await expectInert(page, `Free ${SCRIPT}`);

  expect(dialogs).toEqual([]);
});
