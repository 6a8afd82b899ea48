import { expect, expectAccessible, logInViaApi, signUpViaApi, test, visit } from './fixtures';
import { createLeaseInNewUnit } from './api-helpers';

test('a landlord adds a parking charge on a lease page and sets its due day', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const leaseId = await createLeaseInNewUnit(page, {
    tenant: {
      firstName: 'Pia',
      lastName: 'Park',
      phoneNumber: '(212) 555-0142',
      email: 'pia@example.com',
    },
    lease: { startDate: '2026-01-15', endDate: '2026-12-31', deposit: 1200 },
  });

  await visit(page, `/lease/${leaseId}`);
  const panel = page.getByRole('region', { name: 'Recurring charges' });
  await expect(panel.getByText(/only the rent is posted/)).toBeVisible();

  await panel.getByRole('button', { name: 'Add recurring charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add recurring charge' });
  await dialog.getByLabel('Kind').selectOption('parking');
  await dialog.getByLabel('Amount').fill('75');
  await dialog.getByLabel('Description').fill('Bay 4');
  await dialog.getByLabel('Starts').fill('2026-02-01');
  await dialog.getByRole('button', { name: 'Add charge' }).click();
  await expect(dialog).toBeHidden();

  const row = panel.getByRole('row', { name: /Parking \(Bay 4\)/ });
  await expect(row).toContainText('$75.00');
  await expect(row).toContainText('Lease end');
  await expectAccessible(page);

  // Due on the 1st: saved with the lease.
  await page.getByRole('combobox', { name: 'Due day' }).click();
  await page.getByRole('option', { name: 'The 1st', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lease updated successfully!')).toBeVisible();
  const saved = await page.request.get(`/api/leases/${leaseId}`);
  expect((await saved.json()).rentDueDay).toBe(1);

  // Never posted: it may be removed, after the question.
  await row.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove charge' }).click();
  await expect(panel.getByText(/only the rent is posted/)).toBeVisible();
  // Scanned from the top: scrolled this far, the lifecycle buttons pass under the sticky header,
  // and the contrast check reads their label against the header's background.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText('Parking of $75.00 a month added.')).toBeHidden({ timeout: 15_000 });
});
