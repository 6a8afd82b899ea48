import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  created,
  createdId,
  createLease,
  createProperty,
  createStaff,
  createTenant,
  createUnit,
  logIn,
} from './api-helpers';

/** A landlord's unit with a tenant on a running lease, a staff member and three work orders. */
async function world(page: Page) {
  const propertyName = uniqueName('Board Court ');
  const propertyId = (await createProperty(page, { name: propertyName })).id;
  const unitId = (await createUnit(page, propertyId, { unitNumber: '4D' })).id;
  const tenantId = (
    await createTenant(page, unitId, {
      firstName: 'Lena',
      lastName: 'Park',
      email: `${uniqueName('lena')}@example.com`,
    })
  ).id;
  await createLease(page, tenantId);
  const staffId = (await createStaff(page, propertyId, { lastName: 'Wrench', position: 'Plumber' }))
    .id;
  const file = (title: string, priority: string) =>
    createdId(page, '/api/work-orders', { unitId, title, category: 'Plumbing', priority });
  const boiler = await file('Boiler is out', 'Emergency');
  const tap = await file('Dripping tap', 'Routine');
  await created(page, `/api/work-orders/${tap}/assign`, { staffId }, 200);
  const drain = await file('Blocked drain', 'Urgent');
  await created(page, `/api/work-orders/${drain}/assign`, { staffId }, 200);
  await created(page, `/api/work-orders/${drain}/status`, { status: 'In progress' }, 200);
  await created(page, `/api/work-orders/${drain}/notes`, { body: 'Cleared it', cost: 85.5 }, 200);
  await created(page, `/api/work-orders/${drain}/status`, { status: 'Done' }, 200);
  return { boiler, tap, drain, propertyId, propertyName, unitId };
}

const column = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('a landlord reads the board by status, filters it by link, lists it and charges a repair to the tenant', async ({
  page,
}) => {
  await logIn(page, await signUpViaApi(page, 'Landlord'));
  const { drain, propertyId, propertyName, unitId } = await world(page);

  await visit(page, '/work-orders');
  await expect(page.getByRole('heading', { name: 'New (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assigned (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Done (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Closed/ })).toHaveCount(0);
  await expect(column(page, /^Done/).getByRole('link', { name: 'Blocked drain' })).toBeVisible();
  // The switch follows the address, which the router updates a moment after the click.
  const showClosed = page.getByRole('switch', { name: 'Show closed and cancelled' });
  await showClosed.click();
  await expect(showClosed).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Cancelled (0)' })).toBeVisible();
  await expect(page).toHaveURL(/closed=true/);

  // A filter is in the address: the same link shows the same view.
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Emergency' }).click();
  await expect(page).toHaveURL(/priority=Emergency/);
  await expect(page.getByRole('link', { name: 'Boiler is out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dripping tap' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Boiler is out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dripping tap' })).toHaveCount(0);
  await expectAccessible(page, 'the filtered board');

  // The list view: the whole filtered list, a page at a time from the server.
  await page.getByText('List', { exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('link', { name: 'Dripping tap' })).toBeVisible();
  await expect(page.getByText('1-3 of 3')).toBeVisible();
  await expectAccessible(page, 'the list');

  // Each row links its place: the unit's page and the property's page.
  const tapRow = page.getByRole('row', { name: /Dripping tap/ });
  await expect(tapRow.getByRole('link', { name: 'unit 4D' })).toHaveAttribute(
    'href',
    `/units/${unitId}`,
  );
  await tapRow.getByRole('link', { name: propertyName }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${propertyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: propertyName })).toBeVisible();

  // The dashboard's counts open the list filtered to what they count.
  await page.goto('/landlord-dashboard');
  const counts = page.getByTestId('maintenance-counts');
  await expect(counts.getByRole('link', { name: 'Open work orders: 2' })).toBeVisible();
  await expectAccessible(page, 'the dashboard with its maintenance counts');
  await page.getByRole('link', { name: 'Emergency work orders: 1' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page).toHaveURL(/priority=Emergency/);
  await expect(page.getByRole('link', { name: 'Boiler is out' })).toBeVisible();
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  // Charging the finished repair's cost, once.
  await visit(page, `/work-orders/${drain}`);
  const form = page.getByRole('form', { name: 'Charge to tenant' });
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('85.50');
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue(
    `Repair: Blocked drain (work order #${drain})`,
  );
  // It asks first, naming the amount, the tenant and the unit, and how to take it back.
  await form.getByRole('button', { name: 'Charge to tenant' }).click();
  const question = page.getByRole('dialog', { name: 'Charge $85.50 to Lena Park?' });
  await expect(question).toContainText(
    `$85.50 is posted as a one-off damages charge, 'Repair: Blocked drain (work order #${drain})', on the current lease of unit 4D (Lena Park)`,
  );
  await expect(question).toContainText('This cannot be undone here: a work order is charged once.');
  await expectDialogAccessible(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Charge to tenant' }).click();
  await question.getByRole('button', { name: 'Charge to tenant' }).click();
  await expect(page.getByText('Charged to ledger')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Charge to tenant' })).toHaveCount(0);
  const again = await page.request.post(`/api/work-orders/${drain}/charge`, { data: {} });
  expect(again.status()).toBe(409);
});
