import { formatDate } from '../src/shared/dates';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
import { daysFromNow } from './api-helpers';
import { leaseWithCharge } from './money-helpers';

test('a landlord records a payment on a ledger, sees it collected, and reverses it', async ({
  page,
}) => {
  // Seven screens and three dialogs, each scanned by axe.
  test.slow();
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { leaseId } = await leaseWithCharge(page, 250);

  await visit(page, '/landlord-dashboard');
  const collected = page.getByTestId('money-collected');
  await expect(collected).toContainText('$0.00');

  // From the leases list to the lease's ledger.
  await visit(page, '/leases');
  await page.getByRole('link', { name: /^Ledger of the lease of Mabel Payne/ }).click();
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ledger-balance')).toHaveText('$250.00');
  await expectAccessible(page, 'ledger');

  // By keyboard: the dialog takes the focus, Escape closes it and gives the focus back.
  const recordPayment = page.getByRole('button', { name: 'Record payment' });
  await recordPayment.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('75');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(recordPayment).toBeFocused();

  // Reopened, the form starts afresh. A double click on submit still records one payment.
  await recordPayment.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveValue('');
  await expect(dialog.getByLabel('Date received')).toHaveValue(daysFromNow(0));
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  await dialog.getByLabel('Amount').fill('200');
  await dialog.getByLabel('Method').selectOption('check');
  await dialog.getByLabel('Reference').fill('1001');
  await dialog.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment of $200.00 recorded.')).toBeVisible();
  await expect(page.getByTestId('ledger-balance')).toHaveText('$50.00');
  const ledger = (await (await page.request.get(`/api/leases/${leaseId}/ledger`)).json()) as {
    entries: { kind: string }[];
  };
  expect(ledger.entries.filter((entry) => entry.kind === 'payment')).toHaveLength(1);

  // The dashboard counts it as collected this month.
  await visit(page, '/landlord-dashboard');
  await expect(collected).toContainText('$200.00');

  // Reverse the payment (a bounced check): a reason is required; the balance comes back.
  await visit(page, `/leases/${leaseId}/ledger`);
  const paymentName = `payment (check) of $200.00 on ${formatDate(daysFromNow(0))}`;
  await page.getByRole('button', { name: `Reverse ${paymentName}` }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse entry' });
  await expect(reverse).toBeVisible();
  await expectDialogAccessible(page);
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse.getByText('Reason is required')).toBeVisible();
  await reverse.getByLabel('Reason').fill('Check bounced');
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse).toBeHidden();
  await expect(page.getByTestId('ledger-balance')).toHaveText('$250.00');
  await expect(page.getByTestId('reversed-badge')).toHaveCount(1);
  await expect(page.getByText('Reason: Check bounced')).toBeVisible();
  // Neither the reversed payment nor the reversal can be reversed again.
  await expect(page.getByRole('button', { name: `Reverse ${paymentName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Reverse reversal/ })).toHaveCount(0);
  await expectAccessible(page, 'ledger after reversal');

  await visit(page, '/landlord-dashboard');
  await expect(collected).toContainText('$0.00');
});

test('the money reports and the statement open, pass axe and lead to the ledger', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { leaseId } = await leaseWithCharge(page, 125.5);

  await visit(page, '/rent-roll');
  const row = page.getByRole('row', { name: /Mabel Payne/ });
  await expect(row).toContainText('$125.50');
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await page.getByLabel('Search by tenant, unit or property').fill('Mabel');
  await expect(page).toHaveURL(/q=Mabel/);
  await expect(csv).toHaveAttribute('href', /\/api\/rent-roll\.csv\?.*q=Mabel/);

  await visit(page, '/arrears');
  await expect(page.getByTestId('aging-balance')).toContainText('$125.50');
  await expect(page.getByRole('row', { name: /Mabel Payne/ })).toBeVisible();

  await visit(page, '/deposits');
  await expect(page.getByRole('row', { name: /Mabel Payne/ })).toContainText('$1,000.00');

  await visit(page, `/leases/${leaseId}/statement?from=${daysFromNow(-30)}&to=${daysFromNow(0)}`);
  await expect(page.getByTestId('statement-opening')).toHaveText('$0.00');
  await expect(page.getByTestId('statement-closing')).toHaveText('$125.50');
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();

  // The deposit panel of the ledger: record what was received.
  await page.getByRole('link', { name: 'Back to the ledger' }).click();
  const deposit = page.getByRole('region', { name: 'Deposit' });
  await expect(deposit.getByTestId('deposit-still-to-receive')).toHaveText('$1,000.00');
  await deposit.getByRole('button', { name: 'Record deposit received' }).click();
  const receipt = page.getByRole('dialog', { name: 'Record deposit received' });
  await expect(receipt.getByLabel('Amount')).toHaveValue('1,000.00');
  await expectDialogAccessible(page);
  await receipt.getByRole('button', { name: 'Record deposit' }).click();
  await expect(receipt).toBeHidden();
  await expect(deposit.getByTestId('deposit-held')).toHaveText('$1,000.00');

  // Settle at move-out: a deduction, the open charge paid from what is left, the rest returned.
  await deposit.getByRole('button', { name: 'Settle at move-out' }).click();
  const settle = page.getByRole('dialog', { name: 'Settle deposit' });
  await settle.getByRole('button', { name: 'Add deduction' }).click();
  await settle.getByLabel('Deduction 1: description').fill('Carpet cleaning');
  await settle.getByRole('textbox', { name: /^Amount/ }).fill('150');
  await expect(settle.getByTestId('settlement-estimate')).toContainText(
    'To return to the tenant: $724.50',
  );
  await expectDialogAccessible(page);
  await settle.getByRole('button', { name: 'Settle deposit' }).click();
  // It asks first, over the form: what the deposit pays, what is returned, and that it is final.
  const question = page.getByRole('dialog', { name: 'Settle this deposit?' });
  await expect(question).toContainText('The deposit of $1,000.00 held is settled on');
  await expect(question).toContainText(
    '1 deduction of $150.00 in all is charged to the ledger and paid from the deposit.',
  );
  await expect(question).toContainText('$724.50 is to be returned to the tenant');
  await expect(question).toContainText(
    'This cannot be undone: a deposit is settled once, and its records are never changed.',
  );
  await expectDialogAccessible(page);
  await question.getByRole('button', { name: 'Settle deposit' }).click();
  await expect(settle).toBeHidden();
  await expect(page.getByText('Deposit settled: $724.50 to return to the tenant.')).toBeVisible();
  await expect(deposit.getByTestId('deposit-settled')).toContainText('$724.50 returned');
  await expect(page.getByTestId('ledger-balance')).toHaveText('$0.00');
  // Each movement says what it is once.
  const movements = deposit.getByRole('table', { name: 'Deposit movements' });
  await expect(movements.getByRole('row', { name: /Returned to tenant/ })).toHaveText(
    /^[A-Za-z0-9, ]+Returned to tenant-\$724\.50$/,
  );
  await expect(movements).not.toContainText('Returned to tenant: Returned to tenant');
  await expect(movements).toContainText('Deduction: Carpet cleaning');

  // The tenant's itemized statement: what was deducted, what paid open charges, what is
  // returned and when; ready to print.
  await deposit.getByRole('link', { name: 'Deposit statement for the tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/leases/${leaseId}/deposit-statement$`));
  const sheet = page.getByTestId('deposit-statement-table');
  await expect(sheet.getByRole('row', { name: /Deposit received/ })).toContainText('$1,000.00');
  await expect(sheet.getByRole('row', { name: /Deduction: Carpet cleaning/ })).toContainText(
    '-$150.00',
  );
  await expect(sheet.getByRole('row', { name: /Applied to rent and charges/ })).toContainText(
    '-$125.50',
  );
  await expect(sheet.getByRole('row', { name: /Returned to you on/ })).toContainText('$724.50');
  await expect(page.getByText('Mabel Payne')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectAccessible(page, 'deposit statement');
});
