import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, logInViaApi, signUpViaApi, test, uniqueName, visit } from './fixtures';

/** A property with three units, one of them Rented, made through the API. */
async function makeUnits(page: Page) {
  const name = uniqueName('Export Court ');
  const property = await page.request.post('/api/properties', {
    data: { name, address: '9 Ledger Lane', city: 'Springfield', state: 'IL', zipCode: '62701' },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { id: number }).id;
  for (const [unitNumber, status, rent] of [
    ['101', 'Available', 1234.5],
    ['102', 'Rented', 999.99],
    ['103', 'Available', 1100],
  ] as const) {
    const unit = await page.request.post('/api/units', {
      data: { propertyId, unitNumber, bedrooms: 2, bathrooms: 1, squareFeet: 800, rent, status },
    });
    expect(unit.status(), await unit.text()).toBe(201);
  }
  return { name, propertyId };
}

async function downloaded(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test("the units list's Download CSV link carries the current filters and downloads the rows the list shows", async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const { name } = await makeUnits(page);

  await visit(page, '/units?status=Available');
  await page.getByRole('textbox', { name: 'Filter units' }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Units' });
  await expect(table.getByRole('row')).toHaveCount(1 + 2);
  await expect(table).not.toContainText('102');

  const link = page.getByRole('link', { name: 'Download CSV' });
  const href = (await link.getAttribute('href')) ?? '';
  const query = new URL(href, page.url()).searchParams;
  expect(new URL(href, page.url()).pathname).toBe('/api/units.csv');
  expect(query.get('status')).toBe('Available');
  expect(query.get('q')).toBe(name);
  expect(query.has('limit')).toBe(false);

  const file = await downloaded(page, link);
  expect(file.name).toMatch(/^units-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = file.text.trimEnd().split('\r\n');
  expect(lines).toEqual([
    'Unit #,Property,Beds,Baths,Sq ft,Rent,Status',
    `101,${name},2,1,800,1234.50,Available`,
    `103,${name},2,1,800,1100.00,Available`,
  ]);
});

test("a property's manager exports its full data from the property page", async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const { name, propertyId } = await makeUnits(page);

  await visit(page, `/properties/${propertyId}`);
  const file = await downloaded(page, page.getByRole('link', { name: 'Export data' }));
  expect(file.name).toMatch(new RegExp(`^property-${propertyId}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(file.text) as {
    property: { name: string };
    units: { unitNumber: string; rent: number }[];
  };
  expect(data.property.name).toBe(name);
  expect(data.units.map((unit) => [unit.unitNumber, unit.rent])).toEqual([
    ['101', 1234.5],
    ['102', 999.99],
    ['103', 1100],
  ]);
});
