import { expect, test, visit } from './fixtures';

test('on a 390 px phone the page fits without sideways scrolling and the menu opens', async ({
  page,
}) => {
  await visit(page, '/properties');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'View Properties' }),
  ).toBeVisible();
});

test("a visitor's server-rendered / fits a 390 px phone and its menu opens", async ({ page }) => {
  await visit(page, '/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'View Properties' })).toBeVisible();
  // An ordinary link into the SPA.
  await nav.getByRole('link', { name: 'View Properties' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Home' }),
  ).toBeVisible();
});
