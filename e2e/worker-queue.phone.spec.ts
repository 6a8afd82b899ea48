import {
  expect,
  expectButtonsFit,
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
  logIn,
} from './api-helpers';

const NOT_LINKED =
  'Your account is not linked to a staff record yet. Ask your landlord for a portal invitation.';

test('on a phone, a maintenance worker linked by an invitation works their queue to Done', async ({
  page,
}) => {
  // The landlord: a property, a unit with its tenant, and a staff member, invited.
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const propertyName = uniqueName('Mill Yard ');
  const property = await createProperty(page, {
    name: propertyName,
    address: '12 Mill Lane',
    city: 'Burlington',
    state: 'VT',
    zipCode: '05401',
  });
  const unit = await createUnit(page, property.id, { unitNumber: '3C' });
  // The work order names the tenant whose lease covers the day it is filed.
  await createLease(page, (await createTenant(page, unit.id)).id);
  const staff = await createStaff(page, property.id);
  const invitation = await page.request.post(`/api/staff/${staff.id}/invitations`, { data: {} });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const { path } = (await invitation.json()) as { path: string };
  const code = path.split('/').pop()!;

  // The worker signs up; before accepting, '/' says how to get linked.
  const worker = await signUpViaApi(page, 'Maintenance');
  await logIn(page, worker);
  await visit(page, '/');
  await expect(page.getByRole('heading', { name: 'Your work orders', level: 1 })).toBeVisible();
  await expect(page.getByText(NOT_LINKED)).toBeVisible();
  const accept = await page.request.post(`/api/invitations/by-code/${code}/accept`, { data: {} });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  await visit(page, '/');
  await expect(page.getByText('Nothing assigned to you right now')).toBeVisible();

  // The landlord files a request and assigns it to the staff member.
  await logIn(page, landlord);
  const title = uniqueName('Radiator cold ');
  const order = await created(page, '/api/work-orders', {
    unitId: unit.id,
    title,
    description: 'No heat in the bedroom',
    location: 'Bedroom',
    category: 'Heating/Cooling',
    priority: 'Urgent',
    entryPermission: true,
  });
  const assigned = await page.request.post(`/api/work-orders/${order.id}/assign`, {
    data: { staffId: staff.id, scheduledFor: null },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The worker opens '/', sees it, opens it and works it.
  await logIn(page, worker);
  await visit(page, '/');
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Urgent');
  await expect(card).toContainText('Assigned');
  await expect(card).toContainText(`${propertyName}, unit 3C`);
  await expectNoSidewaysScroll(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/my-work-orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('12 Mill Lane, Burlington, VT 05401, unit 3C')).toBeVisible();
  await expect(page.getByRole('link', { name: '(212) 555-0177' })).toHaveAttribute(
    'href',
    'tel:+12125550177',
  );
  await expect(page.getByText('Permission to enter: yes')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // 'Mark as In progress' and 'Mark as Waiting' are whole on a phone, not cut short.
  await expect(page.getByRole('button', { name: 'Mark as Waiting' })).toBeVisible();
  await expectButtonsFit(page, "the worker's work order");

  await page.getByRole('button', { name: 'Mark as In progress' }).click();
  await expect(page.getByRole('button', { name: 'Mark as Done' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Closed' })).toHaveCount(0);
  await expectButtonsFit(page, "the worker's work order in progress");

  // A note says who reads it: the worker chooses each time, nothing is preselected.
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Bled the radiator');
  await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('1.5');
  await page.getByRole('textbox', { name: 'Cost', exact: true }).fill('20');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Please choose who sees this note')).toBeVisible();
  await page.getByRole('radio', { name: 'Staff only' }).check();
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('(staff only): Bled the radiator · 1.5 h · $20.00')).toBeVisible();
  await expect(page.getByText('Hours: 1.5 · Cost: $20.00')).toBeVisible();

  // Done asks what was done, for the tenant unless the worker keeps it to staff.
  await page.getByRole('button', { name: 'Mark as Done' }).click();
  const done = page.getByRole('form', { name: 'Mark as Done' });
  const choices = done.getByRole('radio');
  await expect(choices.first()).toHaveAccessibleName('Visible to the tenant');
  await expect(choices.first()).toBeChecked();
  await done.getByRole('textbox', { name: 'What was done' }).fill('Bled the radiators; heat back');
  await expectNoSidewaysScroll(page);
  await expectButtonsFit(page, 'the Done form');
  await done.getByRole('button', { name: 'Mark as Done' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(
    page.getByText('(visible to the tenant): Bled the radiators; heat back'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Done leaves the queue.
  await page.getByRole('link', { name: 'Back to your work orders' }).click();
  await expect(page.getByText('Nothing assigned to you right now')).toBeVisible();
});
