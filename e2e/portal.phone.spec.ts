import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  createLease,
  createProperty,
  createTenant,
  createUnit,
  daysFromNow,
  logIn,
} from './api-helpers';

const NOT_LINKED =
  'Your account is not linked to a tenancy yet. Ask your landlord to send you a portal invitation from Porchlight; opening its link links your account.';

test('on a phone, a Tenant whose account is not linked yet is told how to link it', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logIn(page, userName);
  await visit(page, '/');
  await expect(page.getByRole('heading', { name: 'Your home', level: 1 })).toBeVisible();
  await expect(page.getByText(NOT_LINKED)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('on a phone, a Tenant linked by an invitation sees their unit, lease and balance', async ({
  page,
}) => {
  // The landlord: a property, a unit, the tenant's record, a lease and a charge.
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const propertyName = uniqueName('Quay House ');
  const property = await createProperty(page, { name: propertyName });
  const unit = await createUnit(page, property.id, { unitNumber: '4B', bedrooms: 2, rent: 1500 });
  const tenant = await createTenant(page, unit.id, { firstName: 'Rosa', lastName: 'Parks' });
  // It starts in a few days: the server's hourly rent job posts nothing for it meanwhile,
  // so the balance is exactly the one charge below.
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
    rent: 1500,
    deposit: 1200,
  });
  const charge = await page.request.post(`/api/leases/${lease.id}/ledger/charges`, {
    data: { category: 'utilities', amount: 42.5, entryDate: daysFromNow(3), description: 'Water' },
  });
  expect(charge.status(), await charge.text()).toBe(201);
  // This server takes no cards: the landlord's own words tell the tenant how to pay.
  const me = (await (await page.request.get('/api/authentication/me')).json()) as { id: number };
  const instructions = await page.request.put(`/api/users/${me.id}/payment-instructions`, {
    data: { paymentInstructions: 'Zelle to rent@quay.example\nChecks payable to Quay House' },
  });
  expect(instructions.status(), await instructions.text()).toBe(200);
  const invitation = await page.request.post(`/api/tenants/${tenant.id}/invitations`, {
    data: {},
  });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const { path } = (await invitation.json()) as { path: string };
  const code = path.split('/').pop()!;

  // The tenant accepts the invitation, then opens '/'.
  const tenantUser = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenantUser);
  const accept = await page.request.post(`/api/invitations/by-code/${code}/accept`, { data: {} });
  expect(accept.status(), await accept.text()).toBeLessThan(300);

  await visit(page, '/');
  await expect(page.getByRole('heading', { name: 'Your home', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, Rosa!')).toBeVisible();
  await expect(page.getByText('Unit 4B')).toBeVisible();
  await expect(page.getByText(propertyName)).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(page.getByText('Rent: $1,500.00 a month')).toBeVisible();
  await expect(page.getByText('Deposit agreed: $1,200.00')).toBeVisible();
  await expect(page.getByText('Deposit received: $0.00')).toBeVisible();
  await expect(page.getByText('Deposit held: $0.00')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('You owe $42.50');
  const howToPay = page.getByTestId('payment-instructions');
  await expect(howToPay).toContainText('How to pay');
  await expect(howToPay).toContainText('Zelle to rent@quay.example');
  await expect(howToPay).toContainText('Checks payable to Quay House');
  const line = page.getByTestId('ledger-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Water');
  await expect(line).toContainText('Balance $42.50');
  await expect(page.getByText('No maintenance requests')).toBeVisible();
  await expect(page.getByRole('link', { name: `${landlord}@example.com` })).toHaveAttribute(
    'href',
    `mailto:${landlord}@example.com`,
  );
  await expectNoSidewaysScroll(page);

  // The tenant reports a problem: a missing field is named beside it, then the request is sent.
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'report a problem');
  await dialog.getByRole('textbox', { name: 'What is wrong' }).fill('Bathroom fan is noisy');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Where in the unit is required')).toBeVisible();
  await expect(dialog.getByText('Please choose a category')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Where in the unit' }).fill('Bathroom');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('Electrical');
  await dialog.getByRole('combobox', { name: 'Priority' }).selectOption('Urgent');
  await dialog.getByRole('checkbox', { name: 'You may enter when I am not home' }).check();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('success-banner')).toHaveText('Request sent to your landlord');
  const requests = page.getByRole('list', { name: 'My maintenance requests' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests).toContainText('Bathroom fan is noisy');
  await expect(requests).toContainText('New');
  await expect(requests).toContainText('Urgent');
  await expectNoSidewaysScroll(page);
});
