import { created, createProperty, createUnit } from './api-helpers';
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

test('an Owner invites a Bookkeeper, who joins from the link and may read but not change', async ({
  page,
}) => {
  const owner = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, owner);
  const property = await createProperty(page, { name: uniqueName('Juniper Yard ') });
  const unit = await createUnit(page, property.id, { unitNumber: '2C' });

  // The Owner's team: themselves, no invitations yet.
  await visit(page, '/settings/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(owner) })).toContainText('Owner');
  await expect(page.getByText('No pending invitations')).toBeVisible();

  // The invitation: a role is required, then the link shows once.
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(invite.getByText('Choose a role')).toBeVisible();
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Bookkeeper' }).click();
  await invite.getByRole('textbox', { name: /^Email/ }).fill('books@example.com');
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const linkText = invite.getByTestId('member-invitation-link');
  await expect(linkText).toHaveText(/^https?:\/\/[^/]+\/join\/[^/?#]+$/);
  const link = (await linkText.textContent())!;
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row', { name: /books@example.com/ })).toContainText('Bookkeeper');
  await expectAccessible(page, 'team page with a fresh link');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A new account (not a Landlord: a member's role is what counts) opens the link logged out.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  const bookkeeper = await signUpViaApi(page, 'Maintenance');
  const joinPath = new URL(link).pathname;
  await visit(page, joinPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Join a team' })).toBeVisible();
  await expect(page.getByTestId('join-sentence')).toHaveText(
    `${owner} invited you to join ${owner} as Bookkeeper.`,
  );
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Logging in from the page comes back to it.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Username').fill(bookkeeper);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(link);
  await expectAccessible(page, 'join page, logged in');
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  // The dashboard, as the organisation's bookkeeper.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /dashboard/i })).toBeVisible();
  // The sidebar leads to the lists, not the forms, and leaves out what the role may not open.
  await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Manage' }).click();
  await expect(page.getByRole('link', { name: 'Units', exact: true })).toHaveAttribute(
    'href',
    '/units',
  );
  await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);

  // Money is the bookkeeper's: the dashboard's rent figures and the rent roll open.
  await expect(page.getByRole('link', { name: 'Rent roll' }).first()).toBeVisible();
  await visit(page, '/rent-roll');
  await expect(page.getByRole('heading', { level: 1, name: 'Rent roll' })).toBeVisible();

  // A unit's page: readable, but a bookkeeper does not edit units.
  await visit(page, `/units/${unit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unit 2C' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit unit' })).toHaveCount(0);

  // The team, read-only.
  await visit(page, '/settings/team');
  await expect(page.getByTestId('team-read-only')).toBeVisible();
  await expect(members.getByRole('row', { name: new RegExp(bookkeeper) })).toContainText(
    'Bookkeeper',
  );
  await expect(page.getByRole('region', { name: 'Invite someone' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Change|Remove) / })).toHaveCount(0);

  // The Owner removes the bookkeeper, after a dialog that says what happens.
  await page.getByRole('button', { name: 'Logout' }).click();
  await logInViaApi(page, owner);
  await visit(page, '/settings/team');

  // The Owner narrows the member to a leasing agent of one property.
  await page.getByRole('button', { name: `Change ${bookkeeper}'s access` }).click();
  const change = page.getByRole('dialog', { name: `Change ${bookkeeper}'s access` });
  await change.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Leasing agent' }).click();
  await change.getByRole('checkbox', { name: /All properties/ }).uncheck();
  await change.getByRole('combobox', { name: 'Properties' }).click();
  await page.getByRole('option', { name: property.name }).click();
  // The list stays open for more choices: a click beside it closes it.
  await change.getByRole('heading').click();
  await expect(page.getByRole('listbox', { name: 'Properties' })).toBeHidden();
  await expectDialogAccessible(page);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toHaveCount(0);
  const row = members.getByRole('row', { name: new RegExp(bookkeeper) });
  await expect(row).toContainText('Leasing agent');
  await expect(row).toContainText(property.name);

  await page.getByRole('button', { name: `Remove ${bookkeeper}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${bookkeeper}?` });
  await expect(dialog).toContainText(
    `${bookkeeper} loses access to ${owner} at once; their sessions end.`,
  );
  await expectDialogAccessible(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(members.getByRole('row', { name: new RegExp(bookkeeper) })).toHaveCount(0);
});

test('the last Owner cannot be removed, and a revoked link stops working', async ({ page }) => {
  const owner = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, owner);

  await visit(page, '/settings/team');
  await page.getByRole('button', { name: `Remove ${owner}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${owner}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('An organisation needs at least one Owner')).toBeVisible();

  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Read-only' }).click();
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await invite.getByTestId('member-invitation-link').textContent())!;
  await page.getByRole('button', { name: 'Revoke the Read-only invitation' }).click();
  await expect(page.getByText('No pending invitations')).toBeVisible();

  await visit(page, new URL(link).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation does not work' }),
  ).toBeVisible();
});

test('a person in two organisations switches between them from the header', async ({ page }) => {
  const other = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, other);
  const invitation = await created<{ path: string }>(page, '/api/organisation/invitations', {
    role: 'Manager',
  });

  // A landlord with an office of their own joins the other one.
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  await visit(page, invitation.path);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/$/);
  const switcher = page.getByTestId('organisation-switcher');
  await expect(switcher).toHaveText(other);
  await expectAccessible(page, 'dashboard with the organisation switcher');

  await switcher.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: `${other} (Manager)` })).toBeVisible();
  await menu.getByRole('menuitem', { name: `${landlord} (Owner)` }).click();
  await expect(switcher).toHaveText(landlord);

  // Every screen now reads as the landlord's own office.
  await visit(page, '/settings/team');
  await expect(page.getByText(`The people who work in ${landlord},`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invite someone' })).toBeVisible();
});
