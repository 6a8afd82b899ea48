import { expect, expectAccessible, signUpViaApi, test, uniqueName, visit } from './fixtures';
import { created, daysFromNow, logIn } from './api-helpers';

test('a new landlord sees zero figures and the empty dashboard text', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Landlord Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${userName}!`)).toBeVisible();
  await expect(
    page.getByText("You don't have any properties yet. Add properties to get started."),
  ).toBeVisible();
  await expect(page.getByTestId('summary-card')).toHaveCount(6);
  await expect(
    page.getByTestId('summary-card').filter({ hasText: 'Monthly Revenue' }),
  ).toContainText('$0.00');
  // The empty dashboard offers the step that fills it.
  await page.getByRole('link', { name: 'Add a property' }).click();
  await expect(page).toHaveURL(/\/property\/create$/);
});

test('a new landlord is guided by a checklist that ticks steps and can be dismissed', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  await page.goto('/');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toContainText('0 of 5 steps done');
  await expectAccessible(page);

  await created(page, '/api/properties', {
    name: uniqueName('First Steps '),
    address: '1 First Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  });
  await page.reload();
  await expect(checklist).toContainText('1 of 5 steps done');
  await expect(checklist.getByText('Add a property (done)')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Add property' })).toHaveCount(0);
  await checklist.getByRole('link', { name: 'Add units' }).click();
  await expect(page).toHaveURL(/\/unit\/create$/);

  await page.goto('/');
  await page.getByRole('button', { name: 'Dismiss the getting-started checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Properties' })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

test('a landlord sees their figures and an expanded property with tenant and lease', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  await page.goto('/');
  const maple = await created<{ id: number }>(page, '/api/properties', {
    name: uniqueName('Maple Court '),
    address: '12 Maple Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  });
  await created(page, '/api/properties', {
    name: uniqueName('Oak House '),
    address: '4 Oak Lane',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62702',
  });
  const unit = {
    propertyId: maple.id,
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 850,
    status: 'Available',
  };
  const rented = await created<{ id: number }>(page, '/api/units', {
    ...unit,
    unitNumber: '1A',
    rent: 1200.5,
  });
  await created(page, '/api/units', { ...unit, unitNumber: '2A', rent: 950 });
  await created(page, '/api/staff', {
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'olive@example.com',
    phone: '212-555-0142',
    position: 'Owner',
    propertyId: maple.id,
  });
  const tenant = await created<{ id: number }>(page, '/api/tenants', {
    unitId: rented.id,
    unitNumber: '1A',
    firstName: 'Tess',
    lastName: 'Tenant',
    phoneNumber: '212-555-0199',
    email: 'tess@example.com',
  });
  const startDate = daysFromNow(-30);
  const endDate = daysFromNow(40);
  await created(page, '/api/leases', {
    tenantId: tenant.id,
    unitNumber: '1A',
    firstName: 'Tess',
    lastName: 'Tenant',
    startDate,
    endDate,
    rent: 1150,
    deposit: 1500,
    status: 'Active',
  });

  await visit(page, '/landlord-dashboard');
  const card = (label: string) =>
    page.getByTestId('summary-card').filter({ hasText: label }).locator('p').nth(1);
  await expect(card('Total Properties')).toHaveText('2');
  await expect(card('Total Units')).toHaveText('2');
  await expect(card('Occupied Units')).toHaveText('1');
  await expect(card('Available Units')).toHaveText('1');
  await expect(card('Active Leases')).toHaveText('1');
  await expect(card('Monthly Revenue')).toHaveText('$1,150.00');

  // The lease ends in 40 days: it is listed as ending soon.
  const endingSoon = page
    .getByRole('heading', { name: 'Leases ending in the next 60 days' })
    .locator('..');
  await expect(endingSoon.getByRole('row', { name: /Tess Tenant/ })).toBeVisible();

  const mapleCard = page.getByTestId('property-card').filter({ hasText: 'Maple Court' });
  await expect(mapleCard).toContainText('12 Maple Street');
  await expect(mapleCard).toContainText('2 units · 1 occupied');
  await mapleCard.getByRole('button', { name: /Maple Court/ }).click();
  await expect(mapleCard.getByTestId('owner-contact')).toContainText('Olive Owner');
  await expect(mapleCard.getByTestId('owner-contact')).toContainText('olive@example.com');
  await expect(mapleCard.getByTestId('owner-contact')).toContainText('(212) 555-0142');
  const row = mapleCard.getByRole('row', { name: /^1A/ });
  await expect(row).toContainText('2 / 1.5');
  await expect(row).toContainText('$1,200.50');
  await expect(row).toContainText('Rented');
  await expect(row).toContainText('Tess Tenant');
  await expect(row).toContainText('tess@example.com');
  await expect(row).toContainText('$1,150.00/month');
  const shortDate = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  await expect(row).toContainText(`Start: ${shortDate(startDate)}`);
  await expect(row).toContainText(`End: ${shortDate(endDate)}`);
  await expect(row).toContainText('Deposit: $1,500.00');
  await expect(mapleCard.getByRole('row', { name: /^2A/ })).toContainText('Available');
  await expect(mapleCard.getByRole('row', { name: /^2A/ })).toContainText('No active lease');
  // The tenant's name opens the tenant's page.
  await row.getByRole('link', { name: 'Tess Tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenant.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tess Tenant' })).toBeVisible();
});

test('a landlord with many properties sees 20 cards and can show more', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  for (let i = 1; i <= 21; i++) {
    await created(page, '/api/properties', {
      name: `Block ${String(i).padStart(2, '0')}`,
      address: `${i} Long Road`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
  }
  await visit(page, '/landlord-dashboard');
  await expect(
    page.getByTestId('summary-card').filter({ hasText: 'Total Properties' }),
  ).toContainText('21');
  await expect(page.getByTestId('property-card')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show more properties (1 more)' }).click();
  await expect(page.getByTestId('property-card')).toHaveCount(21);
  await expect(page.getByTestId('property-card').last()).toContainText('Block 21');
});

test('a tenant is told the dashboard is for landlords', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logIn(page, userName);
  await page.goto('/');
  await visit(page, '/landlord-dashboard');
  await expect(
    page.getByText('You need to be a Landlord or Admin to access this page.'),
  ).toBeVisible();
});

test('a lease ending soon links to its lease, and a property to its units', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logIn(page, userName);
  const propertyName = uniqueName('Birch Row ');
  const property = await created<{ id: number }>(page, '/api/properties', {
    name: propertyName,
    address: '3 Birch Row',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62703',
  });
  const unit = await created<{ id: number }>(page, '/api/units', {
    propertyId: property.id,
    unitNumber: '5C',
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 600,
    rent: 990,
    status: 'Available',
  });
  // A unit under repair: the occupancy chart names what is neither occupied nor available.
  await created(page, '/api/units', {
    propertyId: property.id,
    unitNumber: '6C',
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 600,
    rent: 990,
    status: 'Maintenance',
  });
  const tenant = await created<{ id: number }>(page, '/api/tenants', {
    unitId: unit.id,
    firstName: 'Rhea',
    lastName: 'Renter',
    phoneNumber: '212-555-0177',
    email: 'rhea@example.com',
  });
  const lease = await created<{ id: number }>(page, '/api/leases', {
    tenantId: tenant.id,
    unitNumber: '5C',
    firstName: 'Rhea',
    lastName: 'Renter',
    startDate: daysFromNow(-300),
    endDate: daysFromNow(20),
    rent: 975,
    deposit: 975,
    status: 'Active',
  });

  await visit(page, '/landlord-dashboard');
  await expect(page.getByText('Maintenance or unavailable: 1')).toBeVisible();
  const endingSoon = page
    .getByRole('heading', { name: 'Leases ending in the next 60 days' })
    .locator('..');
  const leaseLink = endingSoon
    .getByRole('row', { name: /Rhea Renter/ })
    .getByRole('link', { name: /Rhea Renter/ });
  // By keyboard: the link takes focus and Enter follows it.
  await leaseLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/lease/${lease.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Lease' })).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Renter');

  // The property card and the rent chart's list lead to the property's units.
  await visit(page, '/landlord-dashboard');
  const card = page.getByTestId('property-card').filter({ hasText: propertyName });
  await card.getByRole('link', { name: `View units of ${propertyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/units\\?propertyId=${property.id}$`));
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveValue(propertyName);
  await expect(page.getByRole('row', { name: /5C/ })).toContainText('Rented');
  await expect(page.getByRole('row', { name: /6C/ })).toContainText('Maintenance');
  await expectAccessible(page, 'units of one property');

  await visit(page, '/landlord-dashboard');
  await page
    .getByRole('list', { name: 'Monthly rent by property' })
    .getByRole('link', { name: propertyName })
    .click();
  await expect(page).toHaveURL(new RegExp(`/units\\?propertyId=${property.id}$`));
});
