import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueName, visit } from './fixtures';
import { created, createProperty, logIn } from './api-helpers';

/** A landlord's two properties whose names share a unique word, one with units, one without. */
async function seedCatalogue(page: Page) {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const word = uniqueName('Zephyr');
  const harbor = await created<{ id: number }>(page, '/api/properties', {
    name: `${word} Harbor`,
    description: 'Bright flats by the water',
    address: '1 Quay Road',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
    imageUrl: 'http://127.0.0.1:9/missing.jpg',
  });
  await createProperty(page, { name: `${word} Ridge`, city: 'Portland', state: 'ME' });
  const unit = { propertyId: harbor.id, bedrooms: 2, bathrooms: 1, squareFeet: 900 };
  await created(page, '/api/units', {
    ...unit,
    unitNumber: 'H1',
    rent: 1450.5,
    status: 'Available',
    description: 'Corner unit',
  });
  await created(page, '/api/units', {
    ...unit,
    unitNumber: 'H2',
    rent: 1300,
    status: 'Maintenance',
  });
  // Log out so the browser is seen as a visitor.
  expect((await page.request.post('/api/authentication/logout')).ok()).toBe(true);
  await page.evaluate(() => localStorage.clear());
  return { landlord, word };
}

test('a visitor searches, expands and collapses, and applies for an available unit', async ({
  page,
}) => {
  const { landlord, word } = await seedCatalogue(page);
  await visit(page, '/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
  await expect(page.getByText(/^Welcome,/)).toHaveCount(0);

  const search = page.getByLabel('Search properties');
  await search.fill(word);
  await expect(page.getByTestId('search-summary')).toHaveText(
    `Found 2 properties matching "${word}"`,
  );
  await search.fill(`${word} harbor`);
  await expect(page.getByTestId('search-summary')).toHaveText(
    `Found 1 property matching "${word} harbor"`,
  );
  const harbor = page.getByTestId('property-card').filter({ hasText: `${word} Harbor` });
  await expect(harbor).toHaveCount(1);
  await expect(harbor).toContainText('1 Quay Road, Portland, ME 04101');
  await expect(harbor).toContainText('Bright flats by the water');
  await expect(harbor).toContainText(landlord);
  await expect(harbor).toContainText(`${landlord}@example.com`);
  await expect(harbor).toContainText('(212) 555-0100');
  await expect(harbor.getByTestId('unit-count')).toHaveText('2 units');
  // The image fails to load: a placeholder takes its place.
  await expect(harbor.getByTestId('image-placeholder').first()).toBeVisible();

  await search.fill(`${word}-nothing-like-this`);
  await expect(page.getByText('No properties found')).toBeVisible();
  await expect(page.getByTestId('search-summary')).toHaveText(
    `Found 0 properties matching "${word}-nothing-like-this"`,
  );

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('search-summary')).toHaveCount(0);

  await search.fill(word);
  await expect(page.getByTestId('property-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(page.getByTestId('unit-card')).toHaveCount(2);
  await expect(page.getByText('No units available for this property')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(page.getByTestId('unit-card')).toHaveCount(0);
  await expect(page.getByText('No units available for this property')).toHaveCount(0);

  await harbor.getByRole('button', { name: 'Show units' }).click();
  const h1 = harbor.getByTestId('unit-card').filter({ hasText: 'Unit H1' });
  await expect(h1).toContainText('2 BR · 1 BA · 900 sq ft');
  await expect(h1).toContainText('$1,450.50 per month');
  await expect(h1).toContainText('Corner unit');
  await expect(h1).toContainText('Available');
  await expect(
    harbor.getByTestId('unit-card').filter({ hasText: 'Unit H2' }).getByRole('button'),
  ).toHaveCount(0);

  await h1.getByRole('button', { name: /Rent This Unit/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First name').fill('Vera');
  await dialog.getByLabel('Last name').fill('Visitor');
  await dialog.getByLabel('Email').fill('vera@example.com');
  await dialog.getByLabel('Phone').fill('212-555-0177');
  await dialog
    .getByLabel('Desired move-in date')
    .fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByLabel(/I agree to a background check/).check();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    dialog.getByText("Rental application submitted successfully! We'll contact you soon."),
  ).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6000 });
});

test('a logged-in maintenance user sees their work orders at / and is welcomed on the property browser at /properties, a tenant too', async ({
  page,
}) => {
  const worker = await signUpViaApi(page, 'Maintenance');
  await logIn(page, worker);
  // '/' is a Maintenance user's own queue (e2e/worker-queue.phone.spec.ts).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your work orders' })).toBeVisible();
  await page.goto('/properties');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
  await expect(page.getByText(`Welcome, ${worker}!`)).toBeVisible();

  // '/' is a Tenant's own home (e2e/portal.phone.spec.ts); the browser stays at /properties.
  const tenant = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenant);
  await page.goto('/properties');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
  await expect(page.getByText(`Welcome, ${tenant}!`)).toBeVisible();
});

test('the browser reads the catalogue page by page and loads more on request', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const word = uniqueName('Quokka');
  for (let i = 1; i <= 13; i++) {
    await createProperty(page, {
      name: `${word} ${String(i).padStart(2, '0')}`,
      address: `${i} Paging Way`,
    });
  }
  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(word);
  await expect(page.getByTestId('search-summary')).toHaveText(
    `Found 13 properties matching "${word}"`,
  );
  await expect(page.getByTestId('property-card')).toHaveCount(12);
  await expect(page.getByText('Showing 12 of 13')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('property-card')).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
