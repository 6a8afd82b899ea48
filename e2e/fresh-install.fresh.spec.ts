import { expect, test, visit } from './fixtures';

// These journeys run against a server of their own that nobody writes to: a fresh install.

test('with an empty catalogue the browser says there are no properties', async ({ page }) => {
  const list = await page.request.get('/api/properties?limit=1');
  expect(list.headers()['x-total-count']).toBe('0');
  await visit(page, '/properties');
  await expect(page.getByText('There are no properties available at this time.')).toBeVisible();
});
