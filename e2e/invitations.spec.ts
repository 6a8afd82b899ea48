import type { Locator, Page } from '@playwright/test';
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
import { createdId, createProperty, createUnit } from './api-helpers';

/** A property with one Available unit, through the API with the logged-in session. */
async function createPropertyWithUnit(page: Page, unitNumber: string) {
  const property = await createProperty(page, {
    name: uniqueName('Linden Row '),
    address: '4 Linden Row',
  });
  const unit = await createUnit(page, property.id, { unitNumber });
  return { propertyName: property.name, propertyId: property.id, unitId: unit.id };
}

/** Clicks the panel's invite button and reads the one-time link it shows. */
async function createLink(panel: Locator, button: string): Promise<string> {
  await panel.getByRole('button', { name: button }).click();
  const field = panel.getByRole('textbox', { name: 'Invitation link' });
  await expect(field).toHaveValue(/^https?:\/\/[^/]+\/invitations\/[^/?#]+$/);
  return field.inputValue();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

test('a landlord invites a tenant, who logs in from the link and accepts', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { propertyName, unitId } = await createPropertyWithUnit(page, '4B');
  const tenantId = await createdId(page, '/api/tenants', {
    unitId,
    firstName: 'Grace',
    lastName: 'Hopper',
    phoneNumber: '212-555-0142',
    email: 'grace@example.com',
  });

  // The tenant's page: not linked, no invitations yet.
  await visit(page, `/tenant/${tenantId}`);
  const panel = page.getByRole('region', { name: 'Portal access' });
  await expect(panel.getByText('No invitations yet.')).toBeVisible();
  const link = await createLink(panel, 'Invite to portal');
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await expect(panel.getByText(/It works once and expires on /)).toBeVisible();
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(panel.getByText('Pending', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'New invitation link' })).toBeVisible();
  await expectAccessible(page, 'portal access with a fresh link');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByRole('textbox', { name: 'Invitation link' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A new Tenant account opens the link logged out, logs in from it and comes back.
  await logOut(page);
  const tenantUser = await signUpViaApi(page, 'Tenant');
  const invitationPath = new URL(link).pathname;
  await visit(page, invitationPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal invitation' })).toBeVisible();
  await expect(
    page.getByText(`invites Grace Hopper to the Porchlight portal for unit 4B at ${propertyName}.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel('Username').fill(tenantUser);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByTestId('header-user')).toContainText(tenantUser);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your home' })).toBeVisible();
  await expectAccessible(page, 'invitation accepted');

  // The link worked once.
  await visit(page, invitationPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation does not work' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your home' })).toBeVisible();

  // The landlord sees the account linked and the invitation accepted.
  await logOut(page);
  await logInViaApi(page, landlord);
  await visit(page, `/tenant/${tenantId}`);
  await expect(panel.getByText(`Linked to account ${tenantUser}`)).toBeVisible();
  await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(
    panel.getByRole('button', { name: /invite to portal|new invitation link/i }),
  ).toHaveCount(0);
});

test('a withdrawn link stops working; a staff member signs up as Maintenance from a new one', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const { propertyName, propertyId } = await createPropertyWithUnit(page, '1A');
  const staffId = await createdId(page, '/api/staff', {
    propertyId,
    firstName: 'Sam',
    lastName: 'Fixer',
    email: 'sam@example.com',
    phone: '212-555-0111',
    position: 'Handyman',
  });

  await visit(page, `/staff/${staffId}`);
  const panel = page.getByRole('region', { name: 'Portal access' });
  const withdrawn = await createLink(panel, 'Invite to portal');

  // Withdraw asks first, in a dialog.
  await panel.getByRole('button', { name: /^Withdraw the invitation made / }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this invitation?' });
  await expect(dialog).toBeVisible();
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Invitation withdrawn. Its link no longer works.')).toBeVisible();
  await expect(panel.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Invitation link' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Withdraw the invitation/ })).toHaveCount(0);

  const link = await createLink(panel, 'Invite to portal');
  expect(link).not.toBe(withdrawn);

  await logOut(page);
  await visit(page, new URL(withdrawn).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation does not work' }),
  ).toBeVisible();

  // Sign up from the new link: the role is preselected, and the sign-up logs in and comes back here.
  await visit(page, new URL(link).pathname);
  await expect(
    page.getByText(
      `invites Sam Fixer to the Porchlight portal as maintenance staff at ${propertyName}.`,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page.getByLabel('Role')).toHaveValue('Maintenance');
  const staffUser = uniqueName('maintenance');
  await page.getByLabel('Username').fill(staffUser);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByText(`You are logged in as ${staffUser}`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();

  await logOut(page);
  await logInViaApi(page, landlord);
  await visit(page, `/staff/${staffId}`);
  await expect(panel.getByText(`Linked to account ${staffUser}`)).toBeVisible();
  await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
});

test('a link that names no invitation says so, with a way home', async ({ page }) => {
  await visit(page, '/invitations/not-a-real-code');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation does not work' }),
  ).toBeVisible();
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  // A code of the right shape that matches nothing (404).
  await visit(page, `/invitations/${'A'.repeat(32)}`);
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your home' }).click();
  await expect(page.getByRole('heading', { name: 'Find Your Perfect Home' })).toBeVisible();
});
