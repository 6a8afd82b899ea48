import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import { createProperty, createTenant, createUnit, invitationCode } from './api-helpers';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

test('a landlord places a tenant from a unit in one form: tenant, lease, deposit and invitation', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id, { unitNumber: '7C', rent: 1650 });

  await visit(page, `/units/${unit.id}`);
  await page.getByRole('link', { name: 'Place tenant' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Place a tenant' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Place a tenant' });
  // The unit comes chosen, and its rent starts the lease's.
  await expect(form.getByRole('textbox', { name: 'Rent' })).toHaveValue('1,650.00');

  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Byron');
  await form.getByLabel('Phone number').fill('(212) 555-0142');
  await form.getByLabel('Email').fill('ada.byron@example.com');
  await form.getByLabel('Start date').fill('2026-01-10');
  // A year's term follows from the start.
  await expect(form.getByLabel('End date')).toHaveValue('2027-01-09');
  await form.getByRole('textbox', { name: 'Deposit', exact: true }).fill('1,650');
  await form.getByRole('textbox', { name: 'Deposit received' }).fill('2,000');
  await form.getByLabel('Received on').fill('2026-01-10');
  await form.getByLabel('Invite to the portal').check();
  await form.getByRole('button', { name: 'Place tenant' }).click();
  // Refused before anything is sent, beside the field.
  await expect(form.getByText('Deposit received cannot be more than the deposit')).toBeVisible();
  await form.getByRole('textbox', { name: 'Deposit received' }).fill('1,000');
  await form.getByRole('button', { name: 'Place tenant' }).click();

  await expect(page.getByRole('heading', { name: 'Ada Byron placed in unit 7C' })).toBeVisible();
  await expect(page.getByText('deposit $1,650.00, $1,000.00 received')).toBeVisible();
  const sheet = page.getByRole('region', { name: 'Portal invitation' });
  await expect(sheet.getByTestId('invitation-link')).toHaveText(/\/invitations\/[A-Za-z0-9_-]+$/);
  await expect(sheet.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expectAccessible(page, 'placement done');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The lease and its deposit are there, as the separate forms would have made them.
  await page.getByRole('link', { name: 'Ledger' }).click();
  await expect(page.getByText('Ada Byron').first()).toBeVisible();
  await visit(page, `/units/${unit.id}`);
  await expect(page.getByText('Living here:')).toContainText('Ada Byron');
});

test('a landlord chooses several tenants and invites them at once, with a list of links to copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const names = ['Ines', 'Joao', 'Kemal'];
  const ids: number[] = [];
  for (const [i, firstName] of names.entries()) {
    const unit = await createUnit(page, property.id, { unitNumber: `${i + 1}01` });
    ids.push((await createTenant(page, unit.id, { firstName, lastName: 'Silva' })).id);
  }
  // Kemal already has a link that works: he is skipped, and his link stays.
  await invitationCode(page, `tenants/${ids[2]}`);

  await visit(page, '/tenants');
  const table = page.getByRole('table', { name: 'Tenants' });
  await table.getByRole('checkbox', { name: 'Choose Ines Silva, unit 101' }).check();
  // Keyboard: Tab reaches a checkbox, Space ticks it.
  const joao = table.getByRole('checkbox', { name: 'Choose Joao Silva, unit 201' });
  await joao.focus();
  await page.keyboard.press('Space');
  await expect(joao).toBeChecked();
  await table.getByRole('checkbox', { name: 'Choose Kemal Silva, unit 301' }).check();
  await expect(page.getByText('3 tenants chosen')).toBeVisible();

  await page.getByRole('button', { name: 'Invite to portal', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite 3 tenants to the portal?' });
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Invite' }).click();

  const sheet = page.getByRole('region', { name: 'Invitation links' });
  await expect(sheet.getByText('2 tenants invited, 1 tenant skipped.')).toBeVisible();
  await expect(sheet.getByTestId('invitation-link')).toHaveCount(2);
  await expect(sheet.getByRole('row', { name: /Kemal Silva/ })).toContainText(
    'Already invited: their earlier link still works.',
  );
  await sheet.getByRole('button', { name: 'Copy all' }).click();
  await expect(sheet.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Ines Silva\t.*unit 101\thttps?:\/\/.+\/invitations\/[A-Za-z0-9_-]+$/);
  expect(lines[1]).toMatch(/^Joao Silva\t/);
  await expectAccessible(page, 'invitation links');

  // Printed, the sheet stands alone: no header, no list of tenants.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(table).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(table).toBeVisible();
});

test('a tenant signs up from an invitation link and lands back on it, logged in, email filled in', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const unit = await createUnit(page, property.id, { unitNumber: '2D' });
  const email = `${uniqueName('lena')}@example.com`;
  const tenant = await createTenant(page, unit.id, { firstName: 'Lena', lastName: 'Park', email });
  const code = await invitationCode(page, `tenants/${tenant.id}`);
  await visit(page, '/tenants');
  await logOut(page);

  await visit(page, `/invitations/${code}`);
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?invitation=${code}$`));
  // The email the invitation was sent to, and the role it is for; both may be changed.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Role')).toHaveValue('Tenant');
  const userName = uniqueName('lena');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(new RegExp(`/invitations/${code}$`));
  await expect(page.getByTestId('header-user')).toContainText(userName);
  await expect(page.getByText(`You are logged in as ${userName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();
});

test('a sign-up link that names an address elsewhere goes nowhere but this site', async ({
  page,
}) => {
  await visit(page, '/signup?next=//evil.example/steal&invitation=..%2F..%2Fx');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('after adding a tenant alone, the form offers their lease next, with the tenant chosen', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  await createUnit(page, property.id, { unitNumber: '5E', rent: 1375 });

  await visit(page, '/tenant/create');
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: `${property.name} · Unit 5E` }).click();
  await page.getByLabel('First name').fill('Olu');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Phone number').fill('(212) 555-0142');
  await page.getByLabel('Email').fill('olu@example.com');
  await page.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByText('Tenant added successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'Create lease for Olu Adeyemi' }).click();
  await expect(page).toHaveURL(/\/lease\/create\?tenantId=\d+$/);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Olu');
  await expect(page.getByRole('textbox', { name: 'Rent' })).toHaveValue('1,375.00');
});
