import { createProperty, createUnit } from './api-helpers';
import {
  expect,
  expectAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

test('an applicant sees units to let first, filters by bedrooms, rent and city in a shareable address, and types "2 bedroom" or "$1,300"', async ({
  page,
  browser,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const name = uniqueName('Juniper Flats ');
  const city = uniqueName('Boise').replace(/[^A-Za-z]/g, '');
  const { id } = await createProperty(page, { name, city, state: 'ID', zipCode: '83702' });
  await createUnit(page, id, { unitNumber: '101', bedrooms: 2, rent: 1300, status: 'Rented' });
  await createUnit(page, id, { unitNumber: '102', bedrooms: 2, rent: 1300 });
  await createUnit(page, id, { unitNumber: '103', bedrooms: 1, rent: 950 });
  await page.context().clearCookies();

  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(name);
  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: 'Show units' }).click();
  const units = card.getByText(/^Unit \d+$/);
  // The rented unit is not offered.
  await expect(units).toHaveText(['Unit 102', 'Unit 103']);

  await page.getByRole('switch', { name: 'Show rented units' }).check();
  await expect(units).toHaveText(['Unit 102', 'Unit 103', 'Unit 101']);
  await page.getByLabel('Bedrooms').selectOption('2');
  await expect(units).toHaveText(['Unit 102', 'Unit 101']);
  await page.getByLabel('City').fill(city.toLowerCase());
  await expect(page).toHaveURL(/beds=2/);
  await expect(page).toHaveURL(new RegExp(`city=${city.toLowerCase()}`));
  await expect(page).toHaveURL(/rented=true/);
  await expectAccessible(page, '/properties with filters');

  // The address is the search: another visitor opening it sees the same.
  const shared = page.url();
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await theirs.goto(shared);
  await expect(theirs.getByLabel('Bedrooms')).toHaveValue('2');
  await expect(theirs.getByRole('switch', { name: 'Show rented units' })).toBeChecked();
  const theirCard = theirs.getByRole('article').filter({ hasText: name });
  await theirCard.getByRole('button', { name: 'Show units' }).click();
  await expect(theirCard.getByText(/^Unit \d+$/)).toHaveText(['Unit 102', 'Unit 101']);
  // The visitor's '/' reads a shared search too.
  await theirs.goto(`/?q=${encodeURIComponent(name)}&maxRent=1000`);
  await expect(theirs.getByLabel('Max rent')).toHaveValue('1000');
  const cheap = theirs.getByRole('article').filter({ hasText: name });
  await cheap.getByRole('button', { name: 'Show units' }).click();
  await expect(cheap.getByText(/^Unit \d+$/)).toHaveText(['Unit 103']);
  await other.close();

  // What the search box suggests works: '2 bedroom' and '$1,300' are filters.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/beds=/);
  await page.getByLabel('Search properties').fill(`${name} 2 bedroom`);
  await expect(units).toHaveText(['Unit 102']);
  await page.getByLabel('Search properties').fill(`$1,000 ${name}`);
  await expect(units).toHaveText(['Unit 103']);
  await page.getByLabel('Search properties').fill(`${name} 5 bedroom`);
  await expect(page.getByText('No properties found')).toBeVisible();
});
