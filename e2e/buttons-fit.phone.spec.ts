import type { Page } from '@playwright/test';
import {
  clippedButtons,
  expect,
  expectAccessible,
  expectButtonsFit,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  created,
  createLease,
  createProperty,
  createStaff,
  createTenant,
  createUnit,
  daysFromNow,
  invitationCode,
  logIn,
} from './api-helpers';

/** The account accepts the invitation with this code. */
async function accept(page: Page, code: string) {
  const response = await page.request.post(`/api/invitations/by-code/${code}/accept`, {
    data: {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** A screen on the phone: it fits, every button's words are whole, and axe passes. */
async function checkScreen(page: Page, path: string, ready: string) {
  await visit(page, path);
  await expect(page.getByText(ready, { exact: false }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectButtonsFit(page, path);
  await expectAccessible(page, path);
}

test('the check finds a button whose words are cut short', async ({ page }) => {
  await visit(page, '/login');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Mark as In progress';
    button.style.cssText = 'width: 60px; overflow: hidden; white-space: nowrap';
    document.body.append(button);
  });
  expect(await clippedButtons(page)).toEqual(['Mark as In progress']);
});

test("on a 390 px phone no button is cut short on the worker's, the tenant's and the landlord's main screens", async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const property = await createProperty(page, { name: uniqueName('Cedar Point ') });
  const unit = await createUnit(page, property.id, { unitNumber: '7C' });
  const tenant = await createTenant(page, unit.id, { firstName: 'Maya', lastName: 'Lopez' });
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(-20),
    endDate: daysFromNow(345),
  });
  const staff = await createStaff(page, property.id, { firstName: 'Sam', lastName: 'Fixer' });
  const tenantCode = await invitationCode(page, `tenants/${tenant.id}`);
  const staffCode = await invitationCode(page, `staff/${staff.id}`);
  const title = uniqueName('Heater rattles ');
  const order = await created(page, '/api/work-orders', {
    unitId: unit.id,
    title,
    category: 'Heating/Cooling',
    priority: 'Urgent',
  });
  const assigned = await page.request.post(`/api/work-orders/${order.id}/assign`, {
    data: { staffId: staff.id, scheduledFor: null },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The landlord's main screens.
  await checkScreen(page, '/', 'Landlord Dashboard');
  await checkScreen(page, '/tenants', 'Maya Lopez');
  await checkScreen(page, `/tenants/${tenant.id}`, 'Maya Lopez');
  await checkScreen(page, `/lease/${lease.id}`, 'This lease today');
  // The question an irreversible action asks fits the phone too; Cancel changes nothing.
  await page.getByRole('button', { name: 'Move tenant out' }).click();
  const question = page.getByRole('dialog', { name: 'Move Maya Lopez out?' });
  await expect(question).toContainText('This cannot be undone');
  await expectDialogAccessible(page);
  await expectNoSidewaysScroll(page);
  await expectButtonsFit(page, 'the move-out question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await checkScreen(page, `/leases/${lease.id}/ledger`, 'Balance owed');
  await checkScreen(page, `/work-orders/${order.id}`, title);
  await checkScreen(page, '/work-orders', title);
  await checkScreen(page, `/units/${unit.id}`, 'Unit 7C');
  await checkScreen(page, '/applications', 'Rental Applications');
  await checkScreen(page, '/property/create', property.name);
  await checkScreen(page, '/units', '7C');
  await checkScreen(page, '/leases', 'Maya Lopez');
  await checkScreen(page, '/staff', 'Sam Fixer');
  await checkScreen(page, '/rent-roll', '7C');
  await checkScreen(page, '/deposits', 'Maya Lopez');
  await checkScreen(page, '/notifications', 'Notifications');

  // The worker's: the queue and the work order, before and after starting it.
  const worker = await signUpViaApi(page, 'Maintenance');
  await logIn(page, worker);
  await accept(page, staffCode);
  await checkScreen(page, '/', title);
  await checkScreen(page, `/my-work-orders/${order.id}`, 'Mark as In progress');
  await page.getByRole('button', { name: 'Mark as In progress' }).click();
  await expect(page.getByRole('button', { name: 'Mark as Done' })).toBeVisible();
  await expectButtonsFit(page, 'the work order in progress');
  await page.getByRole('button', { name: 'Mark as Done' }).click();
  await expect(page.getByRole('form', { name: 'Mark as Done' })).toBeVisible();
  await expectButtonsFit(page, 'the Done form');
  await expectNoSidewaysScroll(page);

  // The tenant's: home and the request.
  const tenantAccount = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenantAccount);
  await accept(page, tenantCode);
  await checkScreen(page, '/', 'Your home');
  await checkScreen(page, `/requests/${order.id}`, title);
  await checkScreen(page, '/notifications', 'Notifications');
});
