import { expect, expectNoSidewaysScroll, logInViaUi, signUpViaApi, test, visit } from './fixtures';

test('on a 390 px phone the login, sign-up and contact screens fit and work', async ({ page }) => {
  await visit(page, '/signup');
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await visit(page, '/login');
  await expectNoSidewaysScroll(page);

  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaUi(page, userName);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await visit(page, '/editcontact');
  await page.getByLabel('Phone', { exact: true }).fill('212-555-0177');
  await page.getByRole('button', { name: 'Update Contact Info' }).click();
  await expect(page.getByTestId('success-banner')).toHaveText(
    'Contact information updated successfully!',
  );
  await expectNoSidewaysScroll(page);
});
