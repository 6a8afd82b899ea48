import { expect, expectNoSidewaysScroll, signUpViaApi, test, uniqueName, visit } from './fixtures';
import { logIn } from './api-helpers';

test('the dashboard and the property browser fit a phone, expanded cards included', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const property = await page.request.post('/api/properties', {
    data: {
      name: uniqueName('Long Named Lakeside Residences '),
      address: '100 Lakeside Boulevard',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
  });
  expect(property.status()).toBe(201);
  const { id, name } = (await property.json()) as { id: number; name: string };
  const unit = await page.request.post('/api/units', {
    data: {
      propertyId: id,
      unitNumber: 'L1',
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1200,
      rent: 2100,
      status: 'Available',
    },
  });
  expect(unit.status()).toBe(201);

  await visit(page, '/landlord-dashboard');
  await expect(page.getByTestId('summary-card')).toHaveCount(6);
  const card = page.getByTestId('property-card').filter({ hasText: name });
  await card.getByRole('button', { name: new RegExp(name) }).click();
  await expect(card.getByRole('row', { name: /^L1/ })).toBeAttached();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/dashboard-phone.png', fullPage: true });

  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(name);
  await expect(page.getByTestId('search-summary')).toHaveText(
    `Found 1 property matching "${name}"`,
  );
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(page.getByTestId('unit-card')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/browser-phone.png', fullPage: true });
});
