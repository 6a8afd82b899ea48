import sharp from 'sharp';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  logInViaUi,
  pickOption,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
import { createdId, createProperty, createUnit } from './api-helpers';

/** A receipt as a phone camera hands it over: a JPEG. */
const receiptPhoto = () =>
  sharp({
    create: { width: 320, height: 480, channels: 3, background: { r: 240, g: 236, b: 220 } },
  })
    .jpeg()
    .toBuffer();

test('enter an expense with a receipt photo from a phone', async ({ page }) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaUi(page, landlord);
  const property = await createProperty(page, { name: 'Birch Row' });
  await createUnit(page, property.id, { unitNumber: '2A' });
  await createdId(page, '/api/vendors', { name: 'Ace Plumbing', trade: 'Plumbing' });

  await visit(page, '/expenses');
  await expect(page.getByText('No expenses yet')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Add expense' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add an expense' })).toBeVisible();
  await page.getByLabel('Amount').fill('1,234.56');
  await page.getByRole('combobox', { name: 'Category (Schedule E line)' }).click();
  await page.getByRole('option', { name: 'Repairs (line 14)' }).click();
  await pickOption(page, 'Property', 'Birch Row');
  // Units and vendors are searched on the server as they are typed.
  await pickOption(page, 'Unit (optional)', 'Unit 2A');
  await pickOption(page, 'Vendor', 'Ace Plumbing (Plumbing)');
  await page.getByLabel('Memo').fill('Water heater valve');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await receiptPhoto() });
  await expect(page.getByText('receipt.jpg')).toBeVisible();
  await expectAccessible(page, 'the expense form, filled');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Add expense' }).click();

  // The expense's page shows the receipt photo.
  await expect(page.getByRole('heading', { name: 'Repairs: $1,234.56' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Receipt 1' })).toBeVisible();
  await expect(page.getByText('Ace Plumbing').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The list shows it, paid, with its receipt, and the totals count it.
  await visit(page, '/expenses');
  await expect(page.getByText('1 receipt', { exact: true })).toBeVisible();
  await expect(page.getByText('$1,234.56').first()).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});
