import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  createProperty,
  createStaff,
  createTenant,
  createUnit,
  invitationCode,
  logIn,
} from './api-helpers';

async function accept(page: Page, code: string) {
  const response = await page.request.post(`/api/invitations/by-code/${code}/accept`, { data: {} });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test('on a phone, a tenant reports a problem with a photo, the landlord assigns it, the worker finishes it, the tenant sees Done', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const property = await createProperty(page, { name: uniqueName('Pier View ') });
  const unit = await createUnit(page, property.id, { rent: 1100 });
  const tenantRecord = await createTenant(page, unit.id, {
    firstName: 'Ines',
    lastName: 'Moreau',
    email: `${uniqueName('ines')}@example.com`,
  });
  const staff = await createStaff(page, property.id, {
    firstName: 'Theo',
    lastName: 'Bolt',
    position: 'Electrician',
  });
  const tenantCode = await invitationCode(page, `tenants/${tenantRecord.id}`);
  const staffCode = await invitationCode(page, `staff/${staff.id}`);
  const worker = await signUpViaApi(page, 'Maintenance');
  await logIn(page, worker);
  await accept(page, staffCode);
  const tenant = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenant);
  await accept(page, tenantCode);

  // The tenant reports the problem with a photo from the phone.
  await visit(page, '/');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('textbox', { name: 'What is wrong' }).fill('Sparking outlet');
  await dialog.getByRole('textbox', { name: 'Where in the unit' }).fill('Kitchen');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('Electrical');
  await dialog.getByRole('combobox', { name: 'Priority' }).selectOption('Emergency');
  const photo = await sharp({
    create: { width: 120, height: 90, channels: 3, background: { r: 180, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'outlet.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByText('outlet.jpg')).toBeVisible();
  await expectAccessible(page, 'report a problem with a photo');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Sparking outlet' }).click();
  await expect(page.getByRole('heading', { name: 'Sparking outlet', level: 1 })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  const shown = page.getByRole('img', { name: 'Photo 1 (request)' });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page, "the tenant's request");
  await expectNoSidewaysScroll(page);
  const requestUrl = page.url();

  // The landlord assigns it from the work order's page.
  await logIn(page, landlord);
  const [order] = (await (await page.request.get('/api/work-orders')).json()) as { id: number }[];
  await visit(page, `/work-orders/${order!.id}`);
  await page.getByRole('combobox', { name: 'Staff member' }).click();
  await page.getByRole('option', { name: 'Theo Bolt' }).click();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Assigned to: Theo Bolt')).toBeVisible();
  await page.getByRole('textbox', { name: 'Note' }).fill('An electrician comes today');
  await page.getByRole('combobox', { name: 'Who sees it' }).click();
  await page.getByRole('option', { name: 'Shared with the tenant' }).click();
  await page.getByRole('button', { name: 'Add note' }).click();
  // Saved: the form empties, and the note shows in the list (not only in the field).
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('');
  await expect(page.getByText('An electrician comes today')).toBeVisible();

  // The worker finishes it from their phone.
  await logIn(page, worker);
  await visit(page, `/my-work-orders/${order!.id}`);
  await page.getByRole('button', { name: 'Mark as In progress' }).click();
  await expect(page.getByRole('img', { name: 'Photo 1 (request)' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fixed.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Photo 2 (after)' })).toBeVisible();
  await expectAccessible(page, "the worker's work order with photos");
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Mark as Done' }).click();
  const done = page.getByRole('form', { name: 'Mark as Done' });
  await done.getByRole('textbox', { name: 'What was done' }).fill('Replaced the breaker');
  await done.getByRole('button', { name: 'Mark as Done' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();

  // The tenant sees Done, the note meant for them and what the worker did (offered to them first).
  await logIn(page, tenant);
  await visit(page, new URL(requestUrl).pathname);
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByText('An electrician comes today')).toBeVisible();
  await expect(page.getByText('Replaced the breaker')).toBeVisible();
  await expect(page.getByText('No notes yet.')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
