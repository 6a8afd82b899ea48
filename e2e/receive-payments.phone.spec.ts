import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import { createProperty, createTenant, createUnit, created, daysFromNow } from './api-helpers';

test('on a phone, payments are received from the keyboard alone: Enter row to row, then submit', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page, { name: uniqueName('Pocket Court ') });
  for (const [i, lastName] of ['Quill', 'Reed'].entries()) {
    const unit = await createUnit(page, property.id, { unitNumber: `P${i}` });
    const tenant = await createTenant(page, unit.id, { firstName: 'Lee', lastName });
    const lease = await created(page, '/api/leases', {
      tenantId: tenant.id,
      startDate: daysFromNow(3),
      endDate: daysFromNow(368),
      rent: 800,
      deposit: 0,
      status: 'Active',
    });
    await created(page, `/api/leases/${lease.id}/ledger/charges`, {
      category: 'fee',
      amount: 120 + i,
      entryDate: daysFromNow(-1),
      description: 'Parking',
    });
  }
  await visit(page, '/rent-roll/receive');
  await expect(page.getByTestId('receive-row')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'receive payments on a phone');

  await page.getByLabel('Method').selectOption('bank_transfer');
  const first = page.getByRole('textbox', { name: /^Amount from Lee Quill,/ });
  const second = page.getByRole('textbox', { name: /^Amount from Lee Reed,/ });
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  const submit = page.getByRole('button', { name: 'Record 2 payments ($241.00)' });
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'recorded' })).toHaveText(
    '2 payments recorded.',
  );
  await expectNoSidewaysScroll(page);
});
