import { expect, logInViaApi, signUpViaApi, test, uniqueName, visit } from './fixtures';

test('a property page fits a 390 px phone, and the search button opens the palette', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const name = uniqueName('Very Long Named Riverside Apartments ');
  const property = await page.request.post('/api/properties', {
    data: {
      name,
      address: '1200 Riverside Boulevard',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
  });
  expect(property.status()).toBe(201);
  const propertyId = ((await property.json()) as { id: number }).id;
  const unit = await page.request.post('/api/units', {
    data: {
      propertyId,
      unitNumber: 'R101',
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1250,
      rent: 2100,
      status: 'Available',
    },
  });
  expect(unit.status()).toBe(201);

  await visit(page, `/properties/${propertyId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unit R101', exact: true })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
  await expect(page.getByRole('textbox', { name: /search properties, units/i })).toBeVisible();
});
