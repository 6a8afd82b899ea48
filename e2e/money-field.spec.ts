import { createProperty, createUnit } from './api-helpers';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import { leaseWithCharge } from './money-helpers';

test('money typed as people write it is recorded as they meant it, and an ambiguous amount is refused', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { leaseId } = await leaseWithCharge(page, 250);

  // A payment: "1,65" could be $1.65 or $1,650, so it is refused with a message, not guessed.
  await visit(page, `/leases/${leaseId}/ledger`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  const amount = dialog.getByLabel('Amount');
  await amount.pressSequentially('1,65');
  await amount.press('Tab');
  await dialog.getByLabel('Method').selectOption('check');
  const ambiguous =
    'Amount: "1,65" could be read two ways. Use a point for cents and a comma only between groups of three digits, e.g. 1,650.00';
  await expect(dialog.getByText(ambiguous)).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);

  // Typed with a thousands comma, it is $1,650.00 (a number field made it $1.65).
  await amount.clear();
  await amount.pressSequentially('1,650');
  await dialog.getByLabel('Reference').click();
  await expect(amount).toHaveValue('1,650.00');
  await expect(dialog.getByText(ambiguous)).toBeHidden();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment of $1,650.00 recorded.')).toBeVisible();
  const ledger = (await (await page.request.get(`/api/leases/${leaseId}/ledger`)).json()) as {
    entries: { kind: string; amount: number }[];
    balance: number;
  };
  expect(ledger.entries.filter((e) => e.kind === 'payment').map((e) => e.amount)).toEqual([1650]);
  expect(ledger.balance).toBe(-1400);

  // A unit's rent, typed the same way on the unit's own form.
  const property = await createProperty(page, { name: uniqueName('Comma Court ') });
  const unit = await createUnit(page, property.id, { unitNumber: '7C', rent: 900 });
  await visit(page, `/unit/${unit.id}`);
  const rent = page.getByLabel('Rent');
  await expect(rent).toHaveValue('900.00');
  await rent.clear();
  await rent.pressSequentially('1,650');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unit updated successfully!')).toBeVisible();
  const saved = (await (await page.request.get(`/api/units/${unit.id}`)).json()) as {
    rent: number;
  };
  expect(saved.rent).toBe(1650);
  await visit(page, '/units');
  await expect(page.getByRole('row', { name: /7C/ })).toContainText('$1,650.00');

  // A negative or a third decimal is refused by the same field.
  await visit(page, `/unit/${unit.id}`);
  await rent.clear();
  await rent.pressSequentially('-5');
  await rent.press('Tab');
  await expect(page.getByText('Rent cannot be negative')).toBeVisible();
  await rent.clear();
  await rent.pressSequentially('1650.505');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Rent can have at most two decimals')).toBeVisible();
  await expectAccessible(page, 'unit form with a refused rent');
  expect(
    ((await (await page.request.get(`/api/units/${unit.id}`)).json()) as { rent: number }).rent,
  ).toBe(1650);
});

test('a landlord writes how tenants pay them on the contact page', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  await visit(page, '/editcontact');
  const form = page.getByRole('form', { name: 'Payment instructions' });
  const field = form.getByRole('textbox', { name: 'Payment instructions' });
  await expect(field).toHaveValue('');
  await field.fill('Zelle to rent@example.com\nChecks payable to Comma Court LLC');
  await form.getByRole('button', { name: 'Save payment instructions' }).click();
  await expect(
    page.getByText('Saved: your tenants see these instructions on their home.'),
  ).toBeVisible();
  await expectAccessible(page, 'contact page with payment instructions');
  await visit(page, '/editcontact');
  await expect(page.getByRole('textbox', { name: 'Payment instructions' })).toHaveValue(
    'Zelle to rent@example.com\nChecks payable to Comma Court LLC',
  );
});
