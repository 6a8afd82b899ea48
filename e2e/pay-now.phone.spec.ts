import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
import {
  createLease,
  createProperty,
  createTenant,
  createUnit,
  daysFromNow,
  invitationCode,
  logIn,
} from './api-helpers';

/** A tenant linked by an invitation, owing one charge of $42.50; logged in at the end. */
async function tenantOwing(page: Page): Promise<void> {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id, { unitNumber: '7C' });
  const tenant = await createTenant(page, unit.id, { firstName: 'Nia' });
  // Starting in a few days: the rent job posts nothing for it during the test.
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
  });
  const charge = await page.request.post(`/api/leases/${lease.id}/ledger/charges`, {
    data: { category: 'utilities', amount: 42.5, entryDate: daysFromNow(3), description: 'Water' },
  });
  expect(charge.status(), await charge.text()).toBe(201);
  const code = await invitationCode(page, `tenants/${tenant.id}`);
  const tenantUser = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenantUser);
  const accept = await page.request.post(`/api/invitations/by-code/${code}/accept`, { data: {} });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
}

test('on a phone, a tenant sees no Pay now while this server takes no cards', async ({ page }) => {
  await tenantOwing(page);
  await visit(page, '/');
  await expect(page.getByTestId('balance')).toHaveText('You owe $42.50');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('on a phone, a tenant pays by card: amount, Stripe, and a calm notice on return', async ({
  page,
}) => {
  await tenantOwing(page);
  // The test server has no Stripe keys and Stripe cannot be reached from here: the browser is
  // told cards are taken, and Stripe's page is stood in for by the return link it would use.
  await page.route('**/api/features', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), cardPayments: true } });
  });
  const sent: unknown[] = [];
  await page.route('**/api/portal/payments/checkout', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ status: 201, json: { url: '/?payment=success' } });
  });

  await visit(page, '/');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay rent by card' });
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveValue('42.50');
  await expectNoSidewaysScroll(page);

  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Amount cannot be more than you owe ($42.50)')).toBeVisible();
  expect(sent).toEqual([]);

  await amount.fill('20.25');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/\?payment=success$/);
  expect(sent).toEqual([{ amount: 20.25 }]);
  const notice = page.getByTestId('payment-return');
  await expect(notice).toHaveText(
    'Thank you: your payment will appear once the card processor confirms it.',
  );
  // Nothing is recorded by coming back: only Stripe's signed webhook records a payment.
  await expect(page.getByTestId('balance')).toHaveText('You owe $42.50');
  await expectAccessible(page, 'back from paying');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone, a tenant back from a cancelled payment is told nothing was charged', async ({
  page,
}) => {
  await tenantOwing(page);
  await visit(page, '/?payment=cancelled');
  await expect(page.getByTestId('payment-return')).toHaveText(
    'Payment cancelled: nothing was charged.',
  );
  await expectNoSidewaysScroll(page);
});
