import { expect, test, visit } from './fixtures';

test('a visitor sees the header, the sidebar and the public browser at /', async ({ page }) => {
  await visit(page, '/');
  await expect(page.getByRole('heading', { name: 'Porchlight' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'View Properties' })).toBeVisible();
  await expect(nav.getByText('Manage')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Contact Info' })).toHaveCount(0);
});

test('a logged-out visitor is turned away from /editcontact', async ({ page }) => {
  await visit(page, '/editcontact');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to access this page.')).toBeVisible();
});

test('an unknown address shows a not-found page, and an unknown API path answers JSON', async ({
  page,
}) => {
  await visit(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const response = await page.request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ message: expect.any(String) });
});

test('the sidebar toggle hides and shows the navigation', async ({ page }) => {
  await visit(page, '/properties');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeVisible();
});
