import { pickOption, expect, PASSWORD, signUpViaApi, test, uniqueName, visit } from './fixtures';

test('on a 390 px phone a landlord adds a unit and reads the unit and property lists without sideways scrolling', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  const propertyName = uniqueName('Phone Place ');
  // Logged in through the API; the app keeps the user in local storage (docs/product.md section 3).
  const login = await page.request.post('/api/authentication/login', {
    data: { userName: landlord, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const property = await page.request.post('/api/properties', {
    data: {
      name: propertyName,
      address: '9 Narrow Lane',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
    },
  });
  expect(property.status()).toBe(201);
  const me = await (await page.request.get('/api/authentication/me')).json();
  await page.goto('/');
  await page.evaluate(
    (stored) => localStorage.setItem('porchlight.user', stored),
    JSON.stringify(me),
  );

  await visit(page, '/unit/create');
  await page.getByLabel('Unit number').fill('2B');
  await pickOption(page, 'Property', propertyName);
  await page.getByLabel('Bedrooms').fill('1');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByLabel('Square feet').fill('540');
  await page.getByLabel('Rent').fill('980');
  await page.getByRole('button', { name: 'Create Unit' }).click();
  await expect(page.getByTestId('success-banner')).toHaveText('Unit added successfully!');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await visit(page, '/units');
  // On a phone each unit is a card: rent, status and its actions are all in view.
  const card = page.getByRole('listitem').filter({ hasText: '2B' });
  await expect(card).toContainText('$980.00');
  await expect(card.getByText('Available')).toBeInViewport();
  await expect(card.getByRole('button', { name: /^Delete unit 2B/ })).toBeInViewport();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // The property form and list share one page; the list scrolls inside its box.
  await visit(page, '/property/create');
  await expect(page.getByRole('listitem').filter({ hasText: propertyName })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
