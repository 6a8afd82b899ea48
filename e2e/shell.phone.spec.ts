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
