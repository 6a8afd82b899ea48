import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import { createProperty, createTenant, createUnit, created, daysFromNow } from './api-helpers';

const LEASES = 26;

/** Leases starting in a few days (the rent job posts nothing meanwhile), each owing one charge. */
async function leasesOwing(page: Page) {
  const property = await createProperty(page, { name: uniqueName('Receipts Court ') });
  const leases: { id: number; name: string; owes: number }[] = [];
  for (let i = 1; i <= LEASES; i++) {
    const unitNumber = String(100 + i);
    const unit = await createUnit(page, property.id, { unitNumber, rent: 1000 });
    const lastName = `Payer${String(i).padStart(2, '0')}`;
    const tenant = await createTenant(page, unit.id, { firstName: 'Rowan', lastName });
    const lease = await created(page, '/api/leases', {
      tenantId: tenant.id,
      startDate: daysFromNow(3),
      endDate: daysFromNow(368),
      rent: 1000,
      deposit: 0,
      status: 'Active',
    });
    const owes = 1000 + i * 10 + 0.5;
    await created(page, `/api/leases/${lease.id}/ledger/charges`, {
      category: 'fee',
      amount: owes,
      entryDate: daysFromNow(-1),
      description: 'Move-in fee',
    });
    leases.push({ id: lease.id, name: `Rowan ${lastName}`, owes });
  }
  return leases;
}

test('a landlord records 25 payments from the rent roll in one screen, by keyboard and few clicks', async ({
  page,
}) => {
  test.slow();
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const leases = await leasesOwing(page);

  // Every click and key press beyond the amounts typed counts.
  let actions = 0;
  await visit(page, '/rent-roll');
  await page.getByRole('link', { name: 'Receive payments' }).click();
  actions += 1;
  await expect(page.getByRole('heading', { name: 'Receive payments', level: 1 })).toBeVisible();
  await expect(page.getByTestId('receive-row')).toHaveCount(LEASES);
  const amount = (name: string) =>
    page.getByRole('textbox', { name: new RegExp(`^Amount from ${name},`) });
  // Prefilled with what each lease owes; today's date.
  await expect(amount(leases[0]!.name)).toHaveValue('1,010.50');
  await expect(amount(leases[25]!.name)).toHaveValue('1,260.50');
  await expect(page.getByLabel('Date received')).toHaveValue(daysFromNow(0));
  await expectAccessible(page, 'receive payments');

  await page.getByLabel('Method').selectOption('check');
  actions += 1;

  // The second tenant paid part of it: the amount typed (not counted), then Enter moves on.
  await amount(leases[1]!.name).fill('1,000');
  await page.keyboard.press('Enter');
  actions += 1;
  await expect(amount(leases[2]!.name)).toBeFocused();
  // The last lease did not pay: its amount emptied (two keys), so it is skipped.
  await amount(leases[25]!.name).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  actions += 3;
  // A reference on the first row (four keys).
  await page
    .getByRole('textbox', { name: new RegExp(`^Reference for ${leases[0]!.name},`) })
    .click();
  await page.keyboard.type('5001');
  actions += 5;

  const submit = page.getByRole('button', { name: /^Record 25 payments/ });
  await expect(submit).toHaveText('Record 25 payments ($28,242.00)');
  await submit.click();
  actions += 1;
  await expect(page.getByRole('status').filter({ hasText: 'payments recorded' })).toHaveText(
    '25 payments recorded.',
  );
  await expect(page.getByText(/^Recorded \$/)).toHaveCount(25);
  expect(actions).toBeLessThanOrEqual(30);
  await expectAccessible(page, 'receive payments, recorded');

  // Each row is one payment on its own lease: nothing twice, the skipped lease untouched.
  for (const [i, lease] of leases.entries()) {
    const ledger = (await (await page.request.get(`/api/leases/${lease.id}/ledger`)).json()) as {
      balance: number;
      entries: { kind: string; method: string | null; amount: number; reference: string | null }[];
    };
    const payments = ledger.entries.filter((entry) => entry.kind === 'payment');
    if (i === 25) {
      expect(payments).toEqual([]);
      continue;
    }
    const paid = i === 1 ? 1000 : lease.owes;
    expect(payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['check', paid, i === 0 ? '5001' : null],
    ]);
  }
  // Nothing is left to send: recording again records nothing.
  await expect(page.getByRole('button', { name: /^Record 0 payments/ })).toBeDisabled();

  // Opened again: only what is still owed, the method remembered.
  await visit(page, '/rent-roll/receive');
  await expect(page.getByTestId('receive-row')).toHaveCount(2);
  await expect(amount(leases[1]!.name)).toHaveValue('20.50');
  await expect(page.getByLabel('Method')).toHaveValue('check');
});

test("a refused row shows the server's or the field's message; recording again sends only it, with its same key", async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page, { name: uniqueName('Refusal Court ') });
  const rows: { id: number; name: string }[] = [];
  for (const [i, lastName] of ['Able', 'Baker', 'Cole'].entries()) {
    const unit = await createUnit(page, property.id, { unitNumber: `R${i}` });
    const tenant = await createTenant(page, unit.id, { firstName: 'Sam', lastName });
    const lease = await created(page, '/api/leases', {
      tenantId: tenant.id,
      startDate: daysFromNow(3),
      endDate: daysFromNow(368),
      rent: 900,
      deposit: 0,
      status: 'Active',
    });
    await created(page, `/api/leases/${lease.id}/ledger/charges`, {
      category: 'fee',
      amount: 300,
      entryDate: daysFromNow(-1),
      description: 'Key deposit',
    });
    rows.push({ id: lease.id, name: `Sam ${lastName}` });
  }
  await visit(page, '/rent-roll/receive');
  await page.getByLabel('Method').selectOption('cash');
  const amount = (name: string) =>
    page.getByRole('textbox', { name: new RegExp(`^Amount from ${name},`) });
  // Ambiguous money is refused on its row, never guessed.
  await amount(rows[1]!.name).fill('1,65');
  await page.keyboard.press('Tab');
  // The server refuses the first row this time (its message is shown as it is).
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/api/leases/${rows[0]!.id}/`)) {
      keys.push((request.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    }
  });
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/ledger/payments')) posts += 1;
  });
  const refuse = `**/api/leases/${rows[0]!.id}/ledger/payments`;
  await page.route(refuse, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The ledger is busy; try again', code: 'ledger.busy' }),
    }),
  );
  await page.getByRole('button', { name: /^Record 3 payments/ }).click();
  const summary = page.getByRole('status').filter({ hasText: 'recorded' });
  await expect(summary).toHaveText('1 payment recorded, 2 refused: correct them and record again.');
  await expect(page.getByText('Refused: The ledger is busy; try again')).toBeVisible();
  await expect(page.getByText(/^Refused: Amount: "1,65" could be read two ways/)).toBeVisible();
  expect(posts).toBe(2);
  await expectAccessible(page, 'receive payments, two refused');

  await page.unroute(refuse);
  await amount(rows[1]!.name).fill('165');
  await page.getByRole('button', { name: /^Record 2 payments/ }).click();
  await expect(summary).toHaveText('2 payments recorded.');
  await expect(page.getByText(/^Recorded \$/)).toHaveCount(3);
  // Cole's row was not sent again; Able's went again with the key of its first try.
  expect(posts).toBe(4);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expectAccessible(page, 'receive payments, refused then recorded');
});
