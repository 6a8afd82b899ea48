import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueName } from './fixtures';
import { created, logIn } from './api-helpers';

/**
 * Holds every request to `url` until `release()` is called; `count()` says how many are
 * waiting.
 */
async function holdRequests(page: Page, url: RegExp) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  await page.route(url, async (route) => {
    waiting += 1;
    await gate;
    await route.continue();
  });
  return { count: () => waiting, release: () => open() };
}

test('the summary cards show while the property cards and the rent figures still load', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const propertyName = uniqueName('Held Back ');
  await created(page, '/api/properties', {
    name: propertyName,
    address: '9 Slow Lane',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  });
  const overview = await holdRequests(page, /\/api\/landlord\/dashboard\?sections=properties/);
  const money = await holdRequests(page, /\/api\/money\/summary/);

  await page.goto('/landlord-dashboard');
  await expect(
    page.getByTestId('summary-card').filter({ hasText: 'Total Properties' }),
  ).toContainText('1');
  // What is still on its way keeps its place, and says so.
  await expect(page.getByTestId('overview-loading')).toBeVisible();
  await expect(page.getByText('Loading rent figures...')).toBeVisible();
  await expect(page.getByTestId('property-card')).toHaveCount(0);
  await expect.poll(() => overview.count() + money.count()).toBe(2);

  overview.release();
  money.release();
  await expect(page.getByTestId('property-card').filter({ hasText: propertyName })).toBeVisible();
  await expect(page.getByTestId('overview-loading')).toHaveCount(0);
  await expect(page.getByText('Loading rent figures...')).toHaveCount(0);
});

test('while nothing has answered yet, the dashboard says it is loading', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const dashboard = await holdRequests(page, /\/api\/landlord\/dashboard/);

  await page.goto('/landlord-dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Loading dashboard...' })).toBeAttached();
  await expect(page.getByTestId('summary-card')).toHaveCount(0);
  await expect.poll(() => dashboard.count()).toBe(2);

  dashboard.release();
  await expect(page.getByTestId('summary-card')).toHaveCount(6);
  await expect(
    page.getByText("You don't have any properties yet. Add properties to get started."),
  ).toBeVisible();
});
