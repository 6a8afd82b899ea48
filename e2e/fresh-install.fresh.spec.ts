import { expect, test, visit } from './fixtures';

// These journeys run against a server of their own that nobody writes to: a fresh install.

test('with an empty catalogue the browser says there are no properties', async ({ page }) => {
  const list = await page.request.get('/api/properties?limit=1');
  expect(list.headers()['x-total-count']).toBe('0');
  await visit(page, '/properties');
  await expect(page.getByText('There are no properties available at this time.')).toBeVisible();
});

test('the login screen of a fresh install says how to load demo data', async ({ page }) => {
  await visit(page, '/login');
  await expect(page.getByTestId('demo-data-hint')).toContainText('npm run seed -- --demo');
});
