import {
  ADMIN,
  expect,
  expectAccessible,
  expectDialogAccessible,
  logInViaApi,
  logInViaUi,
  signUpViaApi,
  test,
} from './fixtures';

test('on a phone an Admin disables an account, hands over a reset link, and the user sets a new password', async ({
  page,
  browser,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logInViaApi(page, ADMIN.userName, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(userName);
  const row = page.getByRole('row', { name: new RegExp(userName) });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expectAccessible(page, '/admin/users');

  await row.getByRole('button', { name: `Roles of ${userName}` }).click();
  await page.getByRole('checkbox', { name: 'Maintenance' }).check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByTestId('success-banner')).toHaveText(`Roles of ${userName} saved.`);
  await expect(row).toContainText('Maintenance');

  await row.getByRole('button', { name: `Disable ${userName}` }).click();
  // Scanned once its fade-in is over: half-transparent text fails contrast for a moment.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectDialogAccessible(page);
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Enable ${userName}` }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Password reset link for ${userName}` }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByRole('textbox', { name: 'Reset link' }).inputValue();
  expect(link).toMatch(/\/reset-password\/[\w-]{43}$/);
  await expectAccessible(page, 'reset link dialog');

  // The user opens the link on their own phone.
  const theirs = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const phone = await theirs.newPage();
  await phone.goto(link);
  await expect(phone.getByText(`For the account ${userName}`)).toBeVisible();
  await expectAccessible(phone, '/reset-password');
  await phone.getByLabel(/^New password/).fill('password123');
  await phone.getByLabel('Repeat the new password').fill('password123');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(phone.getByTestId('form-error')).toContainText('too easy to guess');
  await phone.getByLabel(/^New password/).fill('amber-falcon-river-61');
  await phone.getByLabel('Repeat the new password').fill('amber-falcon-river-61');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(phone.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await logInViaUi(phone, userName, 'amber-falcon-river-61');

  // The link works once.
  await phone.goto(link);
  await expect(phone.getByText(/already been used/)).toBeVisible();
  await theirs.close();
});
