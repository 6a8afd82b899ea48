import { createProperty, createUnit, logIn } from './api-helpers';
import { expect, expectAccessible, signUpViaApi, test } from './fixtures';

test('a landlord hides a column of a list, and the list remembers it', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const property = await createProperty(page);
  await createUnit(page, property.id, { unitNumber: '7C', rent: 1234.5 });

  await page.goto('/units');
  const table = page.getByRole('table', { name: 'Units' });
  await expect(table.getByText('Sq ft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('group', { name: 'Columns of units' });
  await expect(chooser.getByRole('checkbox', { name: 'Unit #' })).toBeDisabled();
  await expectAccessible(page, 'the column chooser');
  await chooser.getByRole('checkbox', { name: 'Sq ft' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(table.getByText('Sq ft', { exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: '7C', exact: true })).toBeVisible();

  await page.reload();
  await expect(table.getByRole('cell', { name: '7C', exact: true })).toBeVisible();
  await expect(table.getByText('Sq ft', { exact: true })).toHaveCount(0);
  await expect(table.getByText('Rent', { exact: true })).toBeVisible();

  // Shown again by the keyboard alone.
  await page.getByRole('button', { name: 'Columns' }).focus();
  await page.keyboard.press('Enter');
  await expect(chooser.getByRole('checkbox', { name: 'Sq ft' })).toBeVisible();
  await chooser.getByRole('checkbox', { name: 'Sq ft' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(table.getByText('Sq ft', { exact: true })).toBeVisible();
});
