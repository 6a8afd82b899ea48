import type { APIRequestContext } from '@playwright/test';
import { calendarDate } from '../src/shared/dates';
import { LEASE_STATE_LABELS, leaseState } from '../src/shared/lease-state';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  logInViaApi,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

/** A property with one Available unit, created through the API with the logged-in session. */
async function createPropertyWithUnit(request: APIRequestContext, unitNumber = '101') {
  const name = uniqueName('Maple Court ');
  const property = await request.post('/api/properties', {
    data: { name, address: '12 Maple St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = (await property.json()).id as number;
  const unit = await request.post('/api/units', {
    data: {
      unitNumber,
      propertyId,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 850,
      rent: 1450,
      status: 'Available',
    },
  });
  expect(unit.status(), await unit.text()).toBe(201);
  return { name, propertyId, unitId: (await unit.json()).id as number, unitNumber };
}

test('a landlord creates a tenant and a lease through the screens', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { name, unitNumber } = await createPropertyWithUnit(page.request);

  // Tenant form: the only Available unit is offered.
  await visit(page, '/tenant/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Tenant' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByText('Please select a unit')).toBeVisible();
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: `${name} · Unit ${unitNumber}` }).click();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Phone number').fill('212-555-0142');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByText('Tenant added successfully!')).toBeVisible();

  // The unit is Rented now: no other unit to offer, so the form cannot be submitted.
  await expect(page.getByText('No available units found for your properties.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Tenant' })).toBeDisabled();

  // The list finds the tenant by unit number.
  await page.getByRole('link', { name: 'View all tenants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  await page.getByLabel('Search by first name, last name or unit number').fill(unitNumber);
  await expect(page.getByRole('cell', { name: 'Grace Hopper', exact: true })).toBeVisible();
  await page.getByLabel('Search by first name, last name or unit number').fill('nobody-here');
  await expect(page.getByRole('cell', { name: 'Grace Hopper', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Lease form: choosing the tenant copies unit number and names.
  await visit(page, '/lease/create');
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await page.getByRole('option', { name: `Grace Hopper · Unit ${unitNumber}, ${name}` }).click();
  await expect(page.getByLabel('Unit number')).toHaveValue(unitNumber);
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
  // The rent starts as the unit's rent; the landlord may change it.
  await expect(page.getByLabel('Rent')).toHaveValue('1,450.00');
  await page.getByLabel('Start date').fill('2026-01-01');
  await page.getByLabel('End date').fill('2026-12-31');
  await page.getByLabel('Rent').fill('1450.5');
  await page.getByLabel('Deposit').fill('2000');
  await page.getByRole('button', { name: 'Create Lease' }).click();
  await expect(page.getByText('Lease added successfully!')).toBeVisible();

  // The list shows en-US dates and money, and filters by status.
  await visit(page, '/leases');
  const row = page.getByRole('row', { name: /Grace Hopper/ });
  await expect(row).toContainText('Jan 1, 2026');
  await expect(row).toContainText('Dec 31, 2026');
  await expect(row).toContainText('$1,450.50');
  await expect(row).toContainText('$2,000.00');
  // The state is read from the dates and today, so a lease past its end never reads Active.
  const today = calendarDate(new Date(), 'America/New_York');
  const state = leaseState(
    { status: 'Active', startDate: '2026-01-01', endDate: '2026-12-31', endedOn: null },
    today,
  );
  await expect(row).toContainText(LEASE_STATE_LABELS[state]);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Terminated' }).click();
  await expect(page.getByText('No leases match these filters')).toBeVisible();
  // A date typed before the list has drawn the cleared filters (here in the same task as the
  // click) keeps them cleared.
  await page.evaluate(() => {
    const clear = [...document.querySelectorAll('button')].find(
      (button) => button.textContent === 'Clear filters',
    );
    clear!.click();
    const label = [...document.querySelectorAll('label')].find(
      (element) => element.textContent === 'Start date from',
    );
    const input = document.getElementById(label!.htmlFor) as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, '2026-01-01');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(page.getByLabel('Start date from')).toHaveValue('2026-01-01');
  await page.getByLabel('End date to').fill('2026-12-31');
  await expect(page.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();

  // Editing the lease stays on it, as saved, with the success message.
  await page.getByRole('link', { name: 'Edit lease of Grace Hopper' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Lease' })).toBeVisible();
  await expect(page.getByLabel('Rent')).toHaveValue('1,450.50');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Expired' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lease updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Lease' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Expired');

  // A tenant with a lease cannot be deleted: the dialog says why before anything is sent,
  // in the server's words, and offers only Close and the way to the lease.
  await visit(page, '/tenants');
  await page.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  const blocked = page.getByRole('dialog', {
    name: `Cannot delete Grace Hopper (unit ${unitNumber}, ${name})`,
  });
  await expect(blocked).toContainText(
    "This tenant has lease history: use Move out to keep them in the unit's history. " +
      "If it was entered by mistake, delete this tenant's 1 lease first.",
  );
  await expect(blocked.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await expect(blocked.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expectDialogAccessible(page);
  await blocked.getByRole('link', { name: 'Show their leases' }).click();
  await expect(blocked).toBeHidden();
  await expect(page).toHaveURL(/\/leases\?q=Grace\+Hopper$/);
  await expect(page.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();
});

test('a visitor applies for a unit and the landlord approves: the tenant appears and the unit is Rented', async ({
  page,
}) => {
  // The landlord's portfolio, set up through the API; then the session is dropped.
  const landlord = await signUpViaApi(page, 'Landlord');
  const login = await page.request.post('/api/authentication/login', {
    data: { userName: landlord, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { name, unitId, unitNumber } = await createPropertyWithUnit(page.request, '7B');
  expect((await page.request.post('/api/authentication/logout')).ok()).toBe(true);

  // A visitor opens 'Rent This Unit' from the public browser.
  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(name);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: 'Show units' }).click();
  await page.getByRole('button', { name: `Rent This Unit: unit ${unitNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await expectDialogAccessible(page);

  // Required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Desired move-in date is required')).toBeVisible();
  await expect(dialog.getByText('Please agree to a background check to apply')).toBeVisible();

  const moveIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('First name').fill('Jane');
  await dialog.getByLabel('Last name').fill('Applicant');
  await dialog.getByLabel('Email').fill('jane@example.com');
  await dialog.getByLabel('Phone').fill('212-555-0199');
  await dialog.getByLabel('Desired move-in date').fill(moveIn);
  await dialog.getByLabel('Message').fill('I have a quiet cat.');
  // What landlords screen on.
  await dialog.getByLabel('Monthly income').fill('5250');
  await dialog.getByLabel('Employer').fill('Boise Bakery');
  await dialog.getByLabel('Current address').fill('8 Elm St, Boise, ID 83702');
  await dialog.getByLabel("Current landlord's name").fill('Pat Owner');
  await dialog.getByLabel("Current landlord's number").fill('212-555-0142');
  await dialog.getByLabel('I have pets').check();
  await dialog.getByLabel('Your pets').fill('One quiet cat');
  await dialog.getByLabel(/I agree to a background check/).check();
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    dialog.getByText("Rental application submitted successfully! We'll contact you soon."),
  ).toBeVisible();
  // The modal closes itself after 3 seconds.
  await expect(dialog).toBeHidden({ timeout: 6_000 });

  // The landlord reviews it on /applications.
  await logInViaApi(page, landlord);
  await visit(page, '/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Rental Applications' })).toBeVisible();
  const row = page.getByRole('row', { name: /Jane Applicant/ });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(`Unit ${unitNumber}`);
  await expect(row).toContainText('I have a quiet cat.');
  const screening = row.getByTestId('screening');
  await expect(screening).toContainText('Income: $5,250.00 a month');
  await expect(screening).toContainText('Employer: Boise Bakery');
  await expect(screening).toContainText('Lives at: 8 Elm St, Boise, ID 83702');
  await expect(screening).toContainText('Current landlord: Pat Owner, (212) 555-0142');
  await expect(screening).toContainText('Pets: Yes (One quiet cat)');
  await expect(screening).toContainText('Background check: agreed');
  await expectAccessible(page, '/applications with screening answers');
  await row.getByRole('button', { name: 'Approve Jane Applicant' }).click();
  await page
    .getByRole('dialog', { name: 'Approve Jane Applicant?' })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  // Approval opens the new lease, filled in from the application and the unit.
  await expect(
    page.getByText(`Application approved: Jane Applicant is now a tenant of Unit ${unitNumber}.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Lease' })).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(moveIn);
  await expect(page.getByLabel('Rent')).toHaveValue('1,450.00');
  await visit(page, '/applications');
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  await visit(page, '/tenants');
  await expect(page.getByRole('row', { name: /Jane Applicant/ })).toContainText(unitNumber);
  const unit = await page.request.get(`/api/units/${unitId}`);
  expect((await unit.json()).status).toBe('Rented');
  await visit(page, '/units');
  await expect(page.getByRole('row', { name: new RegExp(`${unitNumber}`) }).first()).toContainText(
    'Rented',
  );
});

test("the modal shows the server's reason when the unit was let meanwhile; moving a tenant frees the old unit", async ({
  page,
  request,
}) => {
  // The landlord works through their own API session (the `request` fixture has its own cookies).
  const landlord = await signUpViaApi(page, 'Landlord');
  expect(
    (
      await request.post('/api/authentication/login', {
        data: { userName: landlord, password: PASSWORD },
      })
    ).status(),
  ).toBe(200);
  const first = await createPropertyWithUnit(request, '1');
  const second = await request.post('/api/units', {
    data: {
      unitNumber: '2',
      propertyId: first.propertyId,
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 500,
      rent: 900,
      status: 'Available',
    },
  });
  const secondId = (await second.json()).id as number;

  // A visitor opens the application for unit 2...
  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(first.name);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: first.name }) })
    .getByRole('button', { name: 'Show units' })
    .click();
  await page.getByRole('button', { name: 'Rent This Unit: unit 2' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Late');
  await dialog.getByLabel('Last name').fill('Comer');
  await dialog.getByLabel('Email').fill('late@example.com');
  await dialog.getByLabel('Phone').fill('212-555-0150');
  await dialog
    .getByLabel('Desired move-in date')
    .fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByLabel(/I agree to a background check/).check();

  // ...while the landlord lets it to someone else.
  const placed = await request.post('/api/tenants', {
    data: {
      unitId: secondId,
      firstName: 'Quick',
      lastName: 'Renter',
      phoneNumber: '212-555-0151',
      email: 'quick@example.com',
    },
  });
  expect(placed.status()).toBe(201);
  const tenantId = (await placed.json()).id as number;

  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This unit is no longer available');
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The landlord moves the tenant from unit 2 to unit 1: the choices are the Available unit plus their own.
  await logInViaApi(page, landlord);
  await visit(page, `/tenant/${tenantId}`);
  await expect(page.getByRole('heading', { name: 'Edit Tenant' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue(
    `${first.name} · Unit 2`,
  );
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option', { name: `${first.name} · Unit 1` }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Tenant updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Tenant' })).toBeVisible();

  expect((await (await request.get(`/api/units/${first.unitId}`)).json()).status).toBe('Rented');
  expect((await (await request.get(`/api/units/${secondId}`)).json()).status).toBe('Available');
  await visit(page, '/tenants');
  await expect(
    page.getByRole('row', { name: /Quick Renter/ }).getByRole('cell', { name: '1', exact: true }),
  ).toBeVisible();
});

test("an address that names no record of the landlord's shows 'not found' with a way back, not an empty form", async ({
  page,
}) => {
  // Another landlord's tenant and staff member, set up through the API; then the session is dropped.
  const other = await signUpViaApi(page, 'Landlord');
  const login = await page.request.post('/api/authentication/login', {
    data: { userName: other, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { propertyId, unitId } = await createPropertyWithUnit(page.request);
  const tenant = await page.request.post('/api/tenants', {
    data: {
      unitId,
      firstName: 'Their',
      lastName: 'Tenant',
      phoneNumber: '212-555-0160',
      email: 'their.tenant@example.com',
    },
  });
  expect(tenant.status(), await tenant.text()).toBe(201);
  const tenantId = (await tenant.json()).id as number;
  const staff = await page.request.post('/api/staff', {
    data: {
      firstName: 'Their',
      lastName: 'Super',
      email: 'their.super@example.com',
      phone: '212-555-0161',
      position: 'Superintendent',
      propertyId,
    },
  });
  expect(staff.status(), await staff.text()).toBe(201);
  const staffId = (await staff.json()).id as number;
  expect((await page.request.post('/api/authentication/logout')).ok()).toBe(true);

  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  // Every failed load is still logged.
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });

  // A unit that does not exist: the list and a new unit are one click away.
  await visit(page, '/unit/999999');
  await expect(page.getByRole('heading', { level: 2, name: 'Unit not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Unit' })).toHaveCount(0);
  await expect(page.getByLabel('Unit number')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create a unit' })).toHaveAttribute(
    'href',
    '/unit/create',
  );
  await expect.poll(() => logged.some((text) => text.includes('Failed to load unit'))).toBe(true);
  await page.getByRole('link', { name: 'Back to units' }).click();
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Units' })).toBeVisible();

  // An id that is not a number is not a record either; /lease/create stays the form.
  await visit(page, '/lease/abc');
  await expect(page.getByRole('heading', { level: 2, name: 'Lease not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to leases' })).toHaveAttribute(
    'href',
    '/leases',
  );
  await page.getByRole('link', { name: 'Create a lease' }).click();
  await expect(page).toHaveURL(/\/lease\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Lease' })).toBeVisible();

  // Another landlord's tenant and staff member answer 404, exactly as missing ones.
  await visit(page, `/tenant/${tenantId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Tenant not found' })).toBeVisible();
  await expect(page.getByText('Their')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add a tenant' })).toHaveAttribute(
    'href',
    '/tenant/create',
  );
  await expect.poll(() => logged.some((text) => text.includes('Failed to load tenant'))).toBe(true);
  await page.getByRole('link', { name: 'Back to tenants' }).click();
  await expect(page).toHaveURL(/\/tenants$/);

  await visit(page, `/staff/${staffId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Staff member not found' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to staff' })).toHaveAttribute('href', '/staff');
});
