import { expect, signUpViaApi, test, uniqueName, visit } from './fixtures';
import { createProperty, createStaff, createUnit, logIn } from './api-helpers';

test('on a phone, a landlord files a request, assigns it, and it is worked to Done', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const propertyName = uniqueName('Harbor House ');
  const propertyId = (await createProperty(page, { name: propertyName })).id;
  await createUnit(page, propertyId, { unitNumber: '3C', bedrooms: 2, rent: 1500 });
  await createStaff(page, propertyId, { firstName: 'Sam', lastName: 'Fixer' });

  await visit(page, '/work-orders/create');
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: `${propertyName}, unit 3C` }).click();
  await page.getByRole('textbox', { name: 'What is wrong' }).fill('No hot water');
  await page.getByRole('textbox', { name: 'Where in the unit' }).fill('Bathroom');
  await page.getByRole('button', { name: 'File request' }).click();

  await expect(page.getByRole('heading', { name: 'No hot water' })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Staff member' }).click();
  await page.getByRole('option', { name: 'Sam Fixer' }).click();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Assigned to: Sam Fixer')).toBeVisible();
  await page.getByRole('button', { name: 'Mark In progress' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Replaced the thermocouple');
  await page.getByRole('textbox', { name: 'Hours' }).fill('1.5');
  await page.getByRole('textbox', { name: 'Cost' }).fill('42.1');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Hours: 1.5 · Cost: $42.10')).toBeVisible();
  await page.getByRole('button', { name: 'Mark Done' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await visit(page, '/work-orders');
  await expect(page.getByRole('link', { name: 'No hot water' })).toBeVisible();
});
