import type { Page } from '@playwright/test';
import { expect, expectAccessible, logInViaUi, signUpViaApi, test, visit } from './fixtures';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('the app follows a dark system setting and stays readable', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await visit(page, '/');
  expect(await scheme(page)).toBe('dark');
  await visit(page, '/login');

  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaUi(page, userName);
  await expect(page.getByRole('heading', { level: 1, name: 'Landlord Dashboard' })).toBeVisible();
  await expectAccessible(page, 'dashboard, dark');
  await visit(page, '/properties');
});

test('a person can choose dark or light whatever the system says, and the choice stays', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await scheme(page)).toBe('light');
  const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
  await appearance.getByText('Dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page, 'property browser, dark by choice');

  // Keyboard alone: the choices are radio buttons.
  await page.getByRole('radio', { name: 'Light' }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
