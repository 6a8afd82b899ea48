import { expect, expectAccessible, logInViaApi, signUpViaApi, test, visit } from './fixtures';
import { createLeaseInNewUnit } from './api-helpers';

test('a landlord sets, edits and removes a lease late fee in the lease form', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const leaseId = await createLeaseInNewUnit(page, {
    tenant: {
      firstName: 'Lena',
      lastName: 'Late',
      phoneNumber: '212-555-0123',
      email: 'lena@example.com',
    },
    lease: { startDate: '2026-01-01', endDate: '2026-12-31', deposit: 1200 },
  });

  await visit(page, `/lease/${leaseId}`);
  await expect(page.getByText(/charged by the day/)).toBeVisible();
  const none = page.getByRole('radio', { name: 'None' });
  await expect(none).toBeChecked();
  await expect(page.getByLabel('Grace days')).toHaveCount(0);

  // By keyboard: the arrow keys move through the choices.
  await none.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Percent' })).toBeChecked();
  await page.getByLabel('Late fee percent').fill('5.25');
  await page.getByLabel('Grace days').fill('3');
  await page.getByLabel('Late fee cap').fill('40');
  await expectAccessible(page, 'lease form with a percent late fee');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lease updated successfully!')).toBeVisible();

  const saved = await (await page.request.get(`/api/leases/${leaseId}`)).json();
  expect(saved).toMatchObject({
    lateFeeKind: 'percent',
    lateFeePercent: 5.25,
    lateFeeGraceDays: 3,
    lateFeeCap: 40,
  });

  // The form shows the rule again; a flat fee without an amount is refused in the form.
  await visit(page, `/lease/${leaseId}`);
  await expect(page.getByLabel('Late fee percent')).toHaveValue('5.25%');
  await page.getByRole('radio', { name: 'Flat amount' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Late fee amount is required')).toBeVisible();

  // On a 390 px phone the open fieldset fits without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('radio', { name: 'None' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lease updated successfully!')).toBeVisible();
  const removed = await (await page.request.get(`/api/leases/${leaseId}`)).json();
  expect(removed).toMatchObject({ lateFeeKind: 'none', lateFeePercent: null });
});
