import { createProperty, createUnit } from './api-helpers';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
} from './fixtures';

test("on a phone the listing's filters fit the screen, and the application asks what landlords screen on", async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const name = uniqueName('Aspen Row ');
  const { id } = await createProperty(page, { name });
  await createUnit(page, id, { unitNumber: '7', bedrooms: 2, rent: 1250 });
  await page.context().clearCookies();

  // A shared search opened on a phone.
  await page.goto(`/?q=${encodeURIComponent(name)}&beds=2&maxRent=1300`);
  const filters = page.getByTestId('listing-filters');
  await expect(filters.getByLabel('Bedrooms')).toHaveValue('2');
  await expect(filters.getByLabel('Max rent')).toHaveValue('1300');
  await expectNoSidewaysScroll(page);
  const width = page.viewportSize()!.width;
  for (const control of await filters.locator('input, select, button').all()) {
    const box = await control.boundingBox();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await expectAccessible(page, "a visitor's / with filters on a phone");

  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: 'Show units' }).click();
  await page.getByRole('button', { name: 'Rent This Unit: unit 7' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Monthly income')).toBeVisible();
  await dialog.getByLabel('I have pets').check();
  await expect(dialog.getByLabel('Your pets')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByText('Please agree to a background check to apply')).toBeVisible();
  await expectDialogAccessible(page);
  await expectNoSidewaysScroll(page);
});
