import type { Page } from '@playwright/test';
import { makeXlsx, type XlsxCell } from '../src/server/modules/imports/imports.test-helpers';
import {
  expect,
  expectAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

/**
 * A landlord's portfolio as their own spreadsheet keeps it: 2 properties, 40 units (20 each)
 * and 30 tenants with leases, with their headers ("Unit #", "Monthly rent"), and one bad rent.
 */
function portfolio(names: [string, string]): Buffer {
  const units: XlsxCell[][] = [['Building', 'Unit #', 'Beds', 'Baths', 'Sq ft', 'Monthly rent']];
  const tenants: XlsxCell[][] = [
    [
      'Property',
      'Unit #',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Start date',
      'End date',
      'Monthly rent',
      'Security deposit',
      'Deposit paid',
    ],
  ];
  for (const [p, name] of names.entries()) {
    for (let n = 1; n <= 20; n++) {
      const unit = `${p + 1}${String(n).padStart(2, '0')}`;
      units.push([name, unit, 2, 1, 800, 1000 + n * 10]);
      if (tenants.length <= 30) {
        tenants.push([
          name,
          unit,
          'Tenant',
          `No${unit}`,
          `t${unit}@example.com`,
          '217-555-0100',
          '2026-01-01',
          '2026-12-31',
          1000 + n * 10,
          500,
          500,
        ]);
      }
    }
  }
  // One rent typed with a letter O for a zero.
  tenants[12]![8] = '1,1O0';
  return makeXlsx({
    Properties: [
      ['Property name', 'Street', 'City', 'State', 'Zip'],
      [names[0], '1 First St', 'Springfield', 'IL', '62701'],
      [names[1], '2 Second St', 'Springfield', 'IL', '62702'],
    ],
    Units: units,
    Tenants: tenants,
  });
}

async function chooseFile(page: Page, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'portfolio.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}

test('a landlord imports 2 properties, 40 units and 30 tenants from .xlsx, fixes a bad row and sees the rent roll', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const names: [string, string] = [uniqueName('Alder Court '), uniqueName('Beech House ')];

  await visit(page, '/import');
  await chooseFile(page, portfolio(names));

  // The headers are matched by alias, and the bad cell is named by sheet, line and column.
  await expect(page.getByLabel('Column "Unit #"').first()).toHaveValue('unitNumber');
  await expect(page.getByLabel('Column "Monthly rent"').first()).toHaveValue('rent');
  await expect(page.getByText('1 row has errors')).toBeVisible();
  await expectAccessible(page, 'import preview with an error');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  const cell = page.getByLabel('Tenants line 13, Monthly rent');
  await expect(cell).toHaveValue('1,1O0');
  await cell.fill('1,100');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(
    page.getByText('Adds 2 properties, 40 units, 30 tenants, 30 leases; already here: nothing.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import this file?' });
  await expect(dialog).toContainText('Adds 2 properties, 40 units, 30 tenants, 30 leases.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    'Added 2 properties, 40 units, 30 tenants, 30 leases.',
  );

  // The rent roll: 40 units, 30 let with the rent of the file (the corrected one too).
  const roll = await page.request.get('/api/rent-roll?limit=100');
  const rows = (await roll.json()) as {
    unitNumber: string;
    tenantName: string | null;
    rent: number | null;
    unitStatus: string;
  }[];
  expect(rows).toHaveLength(40);
  expect(rows.filter((row) => row.tenantName !== null)).toHaveLength(30);
  expect(rows.filter((row) => row.unitStatus === 'Rented')).toHaveLength(30);

  await page.getByRole('status').getByRole('link', { name: 'rent roll' }).click();
  await expect(page).toHaveURL(/\/rent-roll/);
  const table = page.getByRole('table');
  await expect(table).toContainText('Tenant No112');
  await expect(table).toContainText('$1,100.00');
  await expectAccessible(page, 'rent roll after import');
});

test('shows how far a file has come while it is checked, in words a screen reader hears', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  // The preview is held a moment on its way, so that its progress can be seen.
  await page.route('**/api/imports/preview?progress=*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await visit(page, '/import');
  await chooseFile(page, portfolio([uniqueName('Alder Court '), uniqueName('Beech House ')]));

  const bar = page.getByRole('progressbar', { name: 'Checking the file' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/Sending the file|Reading the file|Checked|Tried/)).toBeVisible();
  await expectAccessible(page, 'import progress');
  await expect(page.getByText('1 row has errors')).toBeVisible();
  await expect(bar).toHaveCount(0);
});
