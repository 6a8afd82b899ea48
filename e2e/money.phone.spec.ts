import {
  expect,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
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
