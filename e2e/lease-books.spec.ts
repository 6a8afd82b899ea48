import { formatDate } from '../src/shared/dates';
import { cents, formatAmount } from '../src/shared/money';
import { periodsDueBy } from '../src/shared/rent-periods';
import {
  created,
  createLease,
  createProperty,
  createTenant,
  createUnit,
  daysFromNow,
} from './api-helpers';
import { expect, expectDialogAccessible, logInViaApi, signUpViaApi, test, visit } from './fixtures';

/** docs/product.md section 28: a lease's books from the first day. */

test('a lease begun years ago shows what it would post, asks before three years of rent, and starts where the books are', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id, { unitNumber: '2B', rent: 1000 });
  const tenant = await createTenant(page, unit.id, { firstName: 'Ines', lastName: 'Marlow' });

  const today = daysFromNow(0);
  const startDate = daysFromNow(-1100);
  const endDate = daysFromNow(300);
  const due = periodsDueBy({ startDate, endDate, rent: cents(100000) }, today);

  await visit(page, '/lease/create');
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^Ines Marlow · Unit 2B`) }).click();
  await page.getByLabel('Start date').fill(startDate);
  await page.getByLabel('End date').fill(endDate);
  await page.getByLabel('Rent').fill('1000');
  await page.getByLabel('Deposit').fill('500');

  // Charged from the start, it would post every month since: the form says so before saving.
  const preview = page.getByRole('status').filter({ hasText: 'On saving' });
  await expect(preview).toContainText(
    `This will post ${due.length} charges totalling ${formatAmount(due.length * 1000)}, from ${formatDate(due[0]!.dueDate)} to ${formatDate(due.at(-1)!.dueDate)}.`,
  );
  await page.getByRole('button', { name: 'Create Lease' }).click();
  const question = page.getByRole('dialog', { name: `Post ${due.length} months of past rent?` });
  await expect(question).toBeVisible();
  await expectDialogAccessible(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await (await page.request.get(`/api/leases?tenantId=${tenant.id}`)).json()).toEqual([]);

  // The landlord's books are settled to two months ago: charging starts there, after what was owed.
  const first = due.at(-2)!;
  await page.getByRole('combobox', { name: 'First due date to charge' }).click();
  await page.getByRole('option', { name: formatDate(first.dueDate), exact: true }).click();
  await page.getByLabel('Opening balance').fill('350');
  await expect(preview).toContainText(
    `This will post 2 charges totalling $2,000.00, from ${formatDate(first.dueDate)} to ${formatDate(due.at(-1)!.dueDate)}.`,
  );
  await expect(preview).toContainText(
    `An opening balance of $350.00 owed is recorded on ${formatDate(first.dueDate)}.`,
  );
  await page.getByRole('button', { name: 'Create Lease' }).click();
  await expect(page.getByText('Lease added successfully!')).toBeVisible();

  const [lease] = (await (await page.request.get(`/api/leases?tenantId=${tenant.id}`)).json()) as {
    id: number;
    rentChargedFrom: string;
  }[];
  expect(lease!.rentChargedFrom).toBe(first.dueDate);
  const ledger = await (await page.request.get(`/api/leases/${lease!.id}/ledger`)).json();
  expect(ledger.entries[0]).toMatchObject({
    kind: 'charge',
    category: 'opening_balance',
    amount: 350,
    entryDate: first.dueDate,
  });
  expect(
    ledger.entries.filter((e: { period: string | null }) => e.period && e.period < first.period),
  ).toEqual([]);
});

test('a lease entered by mistake is voided: its entries reversed after a question that says so', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id, { unitNumber: '5D' });
  const tenant = await createTenant(page, unit.id, { firstName: 'Tomas', lastName: 'Reed' });
  // Starting in three days: no rent is posted meanwhile, so the entries are the two below.
  const lease = await createLease(page, tenant.id, { startDate: daysFromNow(3) });
  await created(page, `/api/leases/${lease.id}/ledger/charges`, {
    category: 'fee',
    amount: 50,
    entryDate: daysFromNow(0),
    description: 'Key copy',
  });
  await created(page, `/api/leases/${lease.id}/ledger/payments`, {
    amount: 200,
    entryDate: daysFromNow(0),
    method: 'check',
    idempotencyKey: `void-journey-${lease.id}`,
  });

  await visit(page, `/lease/${lease.id}`);
  await page.getByLabel('Why void it').fill('Entered for the wrong unit');
  await page.getByRole('button', { name: 'Void lease' }).click();
  const question = page.getByRole('dialog', { name: 'Void the lease of Tomas Reed?' });
  await expect(question).toContainText(
    'Reverses 2 ledger entries: charges of $50.00, payments and credits of $200.00',
  );
  await expect(question).toContainText('Frees unit 5D');
  await expect(question).toContainText('This cannot be undone');
  await expectDialogAccessible(page);
  await question.getByRole('button', { name: 'Void lease' }).click();
  await expect(page.getByText('Lease voided: its ledger entries are reversed')).toBeVisible();
  await expect(page.getByText('Ended: Entered for the wrong unit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void lease' })).toHaveCount(0);

  const ledger = await (await page.request.get(`/api/leases/${lease.id}/ledger`)).json();
  expect(ledger.balance).toBe(0);
  expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'reversal')).toHaveLength(2);
});
