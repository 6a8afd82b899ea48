import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
import { created, daysFromNow } from './api-helpers';
import { leaseWithCharge } from './money-helpers';

test('a lease ledger fits a phone: entries as cards, a payment recorded from a full-screen form', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { leaseId } = await leaseWithCharge(page, 980);

  await visit(page, `/leases/${leaseId}/ledger`);
  await expect(page.getByTestId('ledger-balance')).toHaveText('$980.00');
  await expect(page.getByRole('list', { name: 'Ledger entries' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);
  await dialog.getByLabel('Amount').fill('980');
  await dialog.getByLabel('Method').selectOption('cash');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('ledger-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('ledger-entry')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/ledger-phone.png', fullPage: true });
});

test("a settled deposit's statement for the tenant fits a phone and passes axe", async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { leaseId } = await leaseWithCharge(page, 80);
  await created(page, `/api/leases/${leaseId}/deposit/receipts`, {
    amount: 1000,
    date: daysFromNow(-1),
  });
  await created(page, `/api/leases/${leaseId}/deposit/settlement`, {
    date: daysFromNow(0),
    deductions: [{ description: 'Repainting the hallway wall', amount: 220, category: 'damages' }],
    applyToOpenCharges: true,
  });

  await visit(page, `/leases/${leaseId}/deposit-statement`);
  const sheet = page.getByTestId('deposit-statement-table');
  await expect(sheet).toContainText('Deduction: Repainting the hallway wall');
  await expect(page.getByTestId('deposit-statement-returned')).toHaveText('$700.00');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'deposit statement on a phone');
});
