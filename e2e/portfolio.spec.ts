import type { Page } from '@playwright/test';
import {
  expect,
  pickOption,
  expectAccessible,
  expectDialogAccessible,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import { logIn as logInViaApi } from './api-helpers';

/** Confirms the open delete dialog, after checking that it names what goes. */
async function confirmInDialog(page: Page, expected: RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(expected);
  // By keyboard: the dialog keeps focus inside it.
  await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Logs in through the API and checks that the app's header shows who is logged in. */
async function logIn(page: Page, userName: string) {
  await logInViaApi(page, userName);
  await page.goto('/');
  await expect(page.getByTestId('header-user')).toContainText(userName);
}

const success = (page: Page) => page.getByTestId('success-banner').last();
const failure = (page: Page) => page.getByTestId('error-banner').last();

test('a landlord creates, edits and deletes a property, a unit and a staff member through the screens', async ({
  page,
}) => {
  // A long journey through four screens: on a busy machine it needs more than the default minute.
  test.slow();
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const propertyName = uniqueName('Maple Court ');
  const renamed = `${propertyName} East`;

  // Staff need a property first.
  await visit(page, '/staff/create');
  await expect(
    page.getByText('No properties found for your account. Please create a property first.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Staff Member' })).toBeDisabled();

  // Property: create.
  await visit(page, '/property/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(page.getByText('No properties yet')).toBeVisible();
  await page.getByLabel('Name').fill(propertyName);
  await page.getByLabel('Address').fill('12 Maple Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('1L');
  await page.getByLabel('Zip code').fill('62701');
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(page.getByText('State must be exactly 2 letters')).toBeVisible();
  await page.getByLabel('State').fill('il');
  await page.getByLabel('Description').fill('Quiet brick building');
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(success(page)).toHaveText('Property added successfully!');
  const table = page.getByRole('table', { name: 'Your properties' });
  await expect(table.getByRole('row', { name: new RegExp(propertyName) })).toContainText('IL');

  // Property: edit inline, with Cancel available.
  await page.getByRole('button', { name: `Edit ${propertyName}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(propertyName);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // History speaks in sentences: who did what to which record.
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    `${landlord} added ${propertyName}`,
  );
  await expectAccessible(page, 'property edit');
  await page.getByLabel('Name').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(success(page)).toHaveText('Property updated successfully!');
  await expect(page.getByRole('heading', { name: 'Create Property' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // Unit: create.
  await visit(page, '/unit/create');
  await expect(page.getByLabel('Status')).toHaveValue('Available');
  await page.getByLabel('Unit number').fill('101');
  await pickOption(page, 'Property', renamed);
  await page.getByLabel('Bedrooms').fill('2');
  await page.getByLabel('Bathrooms').fill('1.5');
  await page.getByLabel('Square feet').fill('850.25');
  await page.getByLabel('Rent').fill('1450.50');
  await page.getByRole('button', { name: 'Create Unit' }).click();
  await expect(success(page)).toHaveText('Unit added successfully!');

  // A second unit with the same number in the same property: the server's message.
  await page.getByLabel('Unit number').fill('101');
  await pickOption(page, 'Property', renamed);
  await page.getByRole('button', { name: 'Create Unit' }).click();
  await expect(failure(page)).toHaveText('Unit 101 already exists in this property');

  // Unit: the list, then edit through /unit/{id}.
  await visit(page, '/units');
  const unitRow = page.getByRole('row', { name: /101/ });
  await expect(unitRow).toContainText('$1,450.50');
  await expect(unitRow).toContainText(renamed);
  await expect(unitRow).toContainText('Available');
  await unitRow.getByRole('link', { name: 'Edit unit 101' }).click();
  await expect(page).toHaveURL(/\/unit\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Unit' })).toBeVisible();
  await expect(page.getByLabel('Unit number')).toHaveValue('101');
  await expect(page.getByLabel('Bathrooms')).toHaveValue('1.5');
  await page.getByLabel('Rent').fill('1500');
  await page.getByLabel('Status').selectOption('Rented');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(success(page)).toHaveText('Unit updated successfully!');
  await expect(page).toHaveURL(/\/unit\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Unit' })).toBeVisible();
  await page.getByRole('link', { name: 'View all units' }).click();
  await expect(page.getByRole('row', { name: /101/ })).toContainText('$1,500.00');
  await expect(page.getByRole('row', { name: /101/ })).toContainText('Rented');
  // The edit form shows who changed what.
  await page.getByRole('link', { name: 'Edit unit 101' }).click();
  const unitHistory = page.getByRole('region', { name: 'History' });
  await expect(unitHistory).toContainText(`${landlord} changed unit 101`);
  await expect(unitHistory).not.toContainText('this record');
  await expect(unitHistory).toContainText('rent: $1,450.50 \u2192 $1,500.00');
  await expect(unitHistory).toContainText('status: Available \u2192 Rented');

  // Staff: 'Please select a property', then create.
  await visit(page, '/staff/create');
  await page.getByLabel('First name').fill('  Rosa ');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByLabel('Email').fill('Rosa.Diaz@Example.com');
  await page.getByLabel('Phone').fill('212-555-0142');
  await page.getByLabel('Position').fill('Superintendent');
  await page.getByRole('button', { name: 'Create Staff Member' }).click();
  await expect(failure(page)).toHaveText('Please select a property');
  await pickOption(page, 'Property', renamed);
  await page.getByRole('button', { name: 'Create Staff Member' }).click();
  await expect(success(page)).toHaveText('Staff member added successfully!');
  await expect(page.getByLabel('First name')).toHaveValue('');

  // Staff: list, edit, delete.
  await page.getByRole('link', { name: 'View all staff' }).click();
  const staffRow = page.getByRole('row', { name: /Rosa Diaz/ });
  await expect(staffRow).toContainText('rosa.diaz@example.com');
  await expect(staffRow).toContainText(renamed);
  await staffRow.getByRole('link', { name: 'Edit Rosa Diaz' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Staff Member' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Rosa');
  await page.getByLabel('Position').fill('Property Manager');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(success(page)).toHaveText('Staff member updated successfully!');
  await visit(page, '/staff');
  await expect(page.getByRole('row', { name: /Rosa Diaz/ })).toContainText('Property Manager');
  await page.getByRole('button', { name: 'Delete Rosa Diaz' }).click();
  await confirmInDialog(page, /Rosa Diaz/);
  await expect(success(page)).toHaveText('Staff member deleted successfully!');
  await expect(page.getByText('No staff yet')).toBeVisible();

  // The property cannot go while it has a unit: before anything is sent, the dialog says
  // what to remove first, in the server's words, and leads to the units in the way.
  await visit(page, '/property/create');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const blocked = page.getByRole('dialog', { name: `Cannot delete ${renamed}` });
  await expect(blocked).toContainText(
    'This property still has 1 unit. Delete its unit first, then delete the property.',
  );
  await expect(blocked.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await expect(blocked.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expectDialogAccessible(page);
  await blocked.getByRole('link', { name: 'Show its units' }).click();
  await expect(blocked).toBeHidden();
  await expect(page).toHaveURL(/\/units\?propertyId=\d+$/);
  const propertyId = Number(new URL(page.url()).searchParams.get('propertyId'));

  // Unit: delete from the list the dialog led to.
  await page.getByRole('button', { name: 'Delete unit 101' }).click();
  await confirmInDialog(page, /unit 101/);
  await expect(success(page)).toHaveText('Unit deleted successfully!');
  await expect(page.getByText('No units match these filters')).toBeVisible();

  // The property is free now; the dialog names the staff member who goes with it. A unit
  // added while the dialog is open still stops the delete: the server's 409 is the toast.
  const staff = await page.request.post('/api/staff', {
    data: {
      propertyId,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.com',
      phone: '212-555-0143',
      position: 'Cleaner',
    },
  });
  expect(staff.status()).toBe(201);
  await visit(page, '/property/create');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const prompt = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(prompt).toContainText('Its 1 staff member goes with it.');
  await expect(prompt).toContainText('This cannot be undone.');
  const late = await page.request.post('/api/units', {
    data: { unitNumber: '102', propertyId, bedrooms: 1, bathrooms: 1, squareFeet: 500, rent: 900 },
  });
  expect(late.status()).toBe(201);
  await confirmInDialog(page, new RegExp(renamed));
  await expect(failure(page)).toHaveText(
    'This property still has 1 unit. Delete its unit first, then delete the property.',
  );
  const lateId = ((await late.json()) as { id: number }).id;
  expect((await page.request.delete(`/api/units/${lateId}`)).status()).toBe(204);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirmInDialog(page, /Its 1 staff member goes with it\./);
  await expect(success(page)).toHaveText('Property deleted successfully!');
  await expect(page.getByText('No properties yet')).toBeVisible();
});

test('by keyboard a landlord adds a property; a declined confirm deletes nothing; visitors and tenants are refused', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const name = uniqueName('Kept Place ');
  await visit(page, '/property/create');
  // By keyboard alone: type, Tab to the next field, Enter submits.
  await page.getByLabel('Name').focus();
  await page.keyboard.type(name);
  for (const value of ['1 Kept Road', 'Salem', 'or', '97301-1234']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(success(page)).toHaveText('Property added successfully!');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('OR');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  for (const [path, subject] of [
    ['/property/create', 'properties'],
    ['/units', 'units'],
    ['/staff', 'staff'],
  ] as const) {
    await visit(page, path);
    await expect(page.getByText(`Please log in to manage ${subject}`)).toBeVisible();
  }
  const tenant = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenant);
  for (const path of ['/property/create', '/units', '/staff/create']) {
    await visit(page, path);
    await expect(
      page.getByText('You need to be a Landlord or Admin to access this page.'),
    ).toBeVisible();
  }
});

test('a landlord adds twelve units at once from a numbering pattern, with a preview; a clash adds none', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const propertyName = uniqueName('Cedar Row ');
  const created = await page.request.post('/api/properties', {
    data: { name: propertyName, address: '3 Cedar', city: 'Bend', state: 'OR', zipCode: '97701' },
  });
  expect(created.status()).toBe(201);

  await visit(page, '/unit/create');
  await page.getByRole('switch', { name: 'Add several units at once' }).check();
  const unitNumbers = page.getByLabel('Unit numbers');
  await expect(unitNumbers).toHaveAccessibleDescription(/101 to 112.*At most 500 units at once/);
  // Too many, or a range in other words: said at once, under the field, before any save.
  await unitNumbers.fill('1-5000');
  await expect(page.getByTestId('unit-numbers-preview')).toHaveText(
    'At most 500 units at once: 1-5000 names 5,000',
  );
  await unitNumbers.fill('101 through 112');
  await expect(page.getByTestId('unit-numbers-preview')).toHaveText(
    "'101 through 112' is not a unit number or a range. Write a range as 101-112, 101 to 112 or 1A-1F",
  );
  await unitNumbers.fill('101 to 112');
  await expect(page.getByTestId('unit-numbers-preview')).toHaveText(
    '12 units: 101, 102, 103, 104, 105, 106 … 112',
  );
  await pickOption(page, 'Property', propertyName);
  await page.getByLabel('Bedrooms').fill('1');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByLabel('Square feet').fill('540');
  await page.getByLabel('Rent').fill('1210.55');
  await expectAccessible(page, 'add several units');
  await page.getByRole('button', { name: 'Create Unit' }).click();
  await expect(success(page)).toHaveText('12 units added successfully!');

  // 110-113 clashes with 110-112: nothing is added, and the message names the clash.
  await page.getByLabel('Unit numbers').fill('110-113');
  await pickOption(page, 'Property', propertyName);
  await page.getByRole('button', { name: 'Create Unit' }).click();
  await expect(failure(page)).toHaveText(
    'Units 110, 111, 112 already exist in this property. Nothing was added.',
  );
  const units = await page.request.get('/api/units?mine=true&limit=100');
  expect(((await units.json()) as unknown[]).length).toBe(12);
});
