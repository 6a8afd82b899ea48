import {
  expect,
  expectAccessible,
  logInViaApi,
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
} from './api-helpers';

test('import a bank CSV, confirm matches, create an expense from an unmatched line', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page, { name: uniqueName('Birch Court ') });
  const unit = await createUnit(page, property.id);
  const tenant = await createTenant(page, unit.id, { firstName: 'Pia', lastName: 'Park' });
  const lease = await createLease(page, tenant.id);
  // The first of this month: never in the future, and in the month the bank screen opens on.
  const month = daysFromNow(0).slice(0, 7);
  const first = `${month}-01`;
  await created(page, `/api/leases/${lease.id}/ledger/payments`, {
    amount: 1200,
    entryDate: first,
    method: 'bank_transfer',
    idempotencyKey: uniqueName('bank-e2e-').replace(/\W/g, ''),
  });

  await visit(page, '/bank');
  await expect(page.getByText('No bank accounts yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByLabel('Name').fill('Operating account');
  await dialog.getByLabel('Last 4 digits').fill('4321');
  await dialog.getByLabel('Opening balance').fill('1,000');
  await dialog.getByLabel('Opening date').fill(first);
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();

  // Import: the file is read and previewed with the columns guessed from its header.
  await page.getByRole('tab', { name: 'Import' }).click();
  const csv = [
    'Date,Description,Amount,Balance',
    `${first},ZELLE FROM PIA PARK,1200.00,2200.00`,
    `${first},HARDWARE STORE,-45.10,2154.90`,
  ].join('\n');
  const statement = { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  await page.locator('input[type="file"]').setInputFiles(statement);
  await expect(page.getByText('2 lines: 2 new, 0 already imported.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Balance' })).toHaveValue('Balance');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save 2 new lines' }).click();
  await expect(page.getByText('Imported 2 new lines; 0 already there.')).toBeVisible();

  // The rent is suggested: confirmed.
  const rent = page.getByRole('listitem', { name: /Bank line \$1,200\.00/ });
  await expect(rent.getByText(/Suggested:.*Payment from Pia Park/)).toBeVisible();
  await expectAccessible(page);
  await rent.getByRole('button', { name: 'Confirm match' }).click();
  await expect(rent).toBeHidden();

  // The hardware store has no record: it becomes an expense, prefilled from the line.
  const hardware = page.getByRole('listitem', { name: /Bank line -\$45\.10/ });
  await hardware.getByRole('button', { name: 'Record as expense' }).click();
  const expense = page.getByRole('dialog', { name: 'Record as expense' });
  await expect(expense.getByLabel('Memo')).toHaveValue('HARDWARE STORE');
  await expense.getByRole('combobox', { name: 'Property' }).click();
  await expense.getByRole('combobox', { name: 'Property' }).fill(property.name.slice(0, 10));
  await page.getByRole('option', { name: property.name }).click();
  await expense.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Repairs', exact: true }).click();
  await expectAccessible(page);
  await expense.getByRole('button', { name: 'Record expense' }).click();
  await expect(expense).toBeHidden();
  await expect(page.getByText('Nothing left to match this month')).toBeVisible();

  // The month reconciles: the books and the statement's balance agree.
  await page.getByRole('tab', { name: 'Reconcile' }).click();
  await expect(page.getByTestId('books-closing')).toHaveText('$2,154.90');
  await expect(page.getByTestId('statement-closing')).toHaveText('$2,154.90');
  await expect(page.getByTestId('difference')).toHaveText('$0.00');
  await expectAccessible(page);

  // The same file again adds nothing.
  await page.getByRole('tab', { name: 'Import' }).click();
  await page.locator('input[type="file"]').setInputFiles(statement);
  await expect(page.getByText('2 lines: 0 new, 2 already imported.')).toBeVisible();

  // The account's name can be changed; its lines stay.
  await page.getByRole('button', { name: 'Edit account' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit bank account' });
  await expect(edit.getByLabel('Last 4 digits')).toHaveValue('4321');
  await edit.getByLabel('Name').fill('Rent account');
  await edit.getByRole('button', { name: 'Save account' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Rent account (…4321)');
  await expect(page.getByText('2 lines, 0 unmatched')).toBeVisible();
});
