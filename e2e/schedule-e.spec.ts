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
import { createLease, createProperty, createTenant, createUnit, daysFromNow } from './api-helpers';
import { createExpenseViaApi, recordPaymentViaApi } from './report-helpers';

test('the year’s Schedule E for one property', async ({ page }) => {
  test.slow();
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const lastYear = new Date().getFullYear() - 1;

  // Two properties: the report is asked for one of them.
  const property = await createProperty(page, { name: uniqueName('Schedule Court ') });
  const other = await createProperty(page, { name: uniqueName('Other Court ') });
  const unit = await createUnit(page, property.id, { unitNumber: '3B', rent: 1200 });
  const tenant = await createTenant(page, unit.id, { firstName: 'Rosa', lastName: 'Banks' });
  // A lease that starts in a few days: the rent job posts nothing meanwhile.
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
  });
  await recordPaymentViaApi(page, lease.id, 1200, `${lastYear}-03-05`);
  await recordPaymentViaApi(page, lease.id, 1200.5, `${lastYear}-04-05`);
  await createExpenseViaApi(page, {
    propertyId: property.id,
    category: 'repairs',
    amount: 350.25,
    expenseDate: `${lastYear}-06-01`,
    paidOn: `${lastYear}-06-03`,
  });
  await createExpenseViaApi(page, {
    propertyId: other.id,
    category: 'repairs',
    amount: 999,
    expenseDate: `${lastYear}-06-01`,
    paidOn: `${lastYear}-06-01`,
  });

  // From the sidebar to the reports, then the Schedule E for last year.
  await visit(page, '/landlord-dashboard');
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expectAccessible(page, 'reports');

  await page.getByRole('combobox', { name: 'Report', exact: true }).click();
  await page.getByRole('option', { name: 'Schedule E summary' }).click();
  await expect(page.getByRole('combobox', { name: 'Tax year' })).toHaveValue(String(lastYear));
  const properties = page.getByRole('combobox', { name: 'Properties' });
  await properties.click();
  await properties.fill(property.name);
  await page.getByRole('option', { name: property.name }).click();
  await page.keyboard.press('Escape');

  const sheet = page.getByTestId(`schedule-e-property-${property.id}`);
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('report-sheet').getByText(other.name)).toHaveCount(0);
  const line = (n: number) => sheet.locator(`tr[data-line="${n}"]`);
  await expect(line(3)).toContainText('Rents received');
  await expect(line(3)).toContainText('$2,400.50');
  await expect(line(14)).toContainText('Repairs');
  await expect(line(14)).toContainText('$350.25');
  await expect(line(20)).toContainText('$350.25');
  await expect(line(21)).toContainText('$2,050.25');
  await expectAccessible(page, 'schedule E');

  // The download is the same report as CSV.
  const download = page.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute(
    'href',
    `/api/reports/schedule-e.csv?propertyIds=${property.id}&year=${lastYear}&basis=cash`,
  );
  const csv = await (await page.request.get((await download.getAttribute('href'))!)).text();
  expect(csv).toContain(`,14,Repairs,350.25`);

  // On a phone the report fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
