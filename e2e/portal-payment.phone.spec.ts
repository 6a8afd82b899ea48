import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  created,
  createLease,
  createProperty,
  createTenant,
  createUnit,
  daysFromNow,
  logIn,
} from './api-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('on a phone, a tenant signs up from the invitation link and is notified when the landlord records a payment', async ({
  page,
  browser,
}) => {
  // The landlord: a lease that starts in a few days (the rent job posts nothing for it
  // meanwhile) with one charge, so the balance is exactly that charge.
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const propertyName = uniqueName('Harbour View ');
  const property = await createProperty(page, { name: propertyName });
  const unit = await createUnit(page, property.id, { unitNumber: '3C', rent: 1250 });
  const tenant = await createTenant(page, unit.id, { firstName: 'Ada', lastName: 'Byron' });
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
    rent: 1250,
    deposit: 900,
  });
  await created(page, `/api/leases/${lease.id}/ledger/charges`, {
    category: 'utilities',
    amount: 80.25,
    entryDate: daysFromNow(-1),
    description: 'Water and sewer',
  });

  // The landlord invites from the tenant's page, on the phone.
  await visit(page, `/tenant/${tenant.id}`);
  const panel = page.getByRole('region', { name: 'Portal access' });
  await panel.getByRole('button', { name: 'Invite to portal' }).click();
  const field = panel.getByRole('textbox', { name: 'Invitation link' });
  await expect(field).toHaveValue(/\/invitations\/[^/?#]+$/);
  const link = new URL(await field.inputValue()).pathname;
  await expectNoSidewaysScroll(page);

  // The tenant, on their own phone, opens the link, signs up from it and accepts.
  const theirs = await browser.newContext(PHONE);
  const phone = await theirs.newPage();
  await visit(phone, link);
  await expect(
    phone.getByText(`invites Ada Byron to the Porchlight portal for unit 3C at ${propertyName}.`),
  ).toBeVisible();
  await phone.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(phone.getByLabel('Role')).toHaveValue('Tenant');
  const tenantUser = uniqueName('tenant');
  await phone.getByLabel('Username').fill(tenantUser);
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Sign Up' }).click();
  await expect(phone).toHaveURL(new RegExp(`${link}$`));
  await phone.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();
  await phone.getByRole('link', { name: 'Go to your home' }).click();

  // Home: the lease and the balance.
  await expect(phone.getByText('Welcome, Ada!')).toBeVisible();
  await expect(phone.getByText('Rent: $1,250.00 a month')).toBeVisible();
  await expect(phone.getByText('Deposit agreed: $900.00')).toBeVisible();
  await expect(phone.getByText('Deposit held: $0.00')).toBeVisible();
  await expect(phone.getByTestId('balance')).toHaveText('You owe $80.25');
  const bell = phone.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expectAccessible(phone, 'tenant home after accepting');
  await expectNoSidewaysScroll(phone);

  // The landlord records the tenant's payment.
  await created(page, `/api/leases/${lease.id}/ledger/payments`, {
    amount: 80.25,
    entryDate: daysFromNow(-1),
    method: 'bank_transfer',
    reference: 'March water',
    idempotencyKey: `e2e-${uniqueName('pay')}`,
  });

  // The jobs runner delivers it on its next round: the bell shows it once it has.
  await expect(async () => {
    await phone.reload();
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(phone.getByTestId('balance')).toHaveText('You are paid up');

  await bell.click();
  await expect(phone.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = phone.getByRole('listitem').filter({ hasText: 'Payment of $80.25 recorded' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Unread:');
  await expect(item).toContainText(`was recorded for unit 3C at ${propertyName}.`);
  await expectAccessible(phone, '/notifications with a payment');
  await expectNoSidewaysScroll(phone);
  await item.getByRole('button', { name: 'Mark “Payment of $80.25 recorded” as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(item).not.toContainText('Unread:');
  await theirs.close();
});
