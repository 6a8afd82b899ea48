import {
  expect,
  expectAccessible,
  holdRequests,
  logInViaApi,
  logInViaUi,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

test('a new tenant signs up, logs in, edits their contact details and logs out', async ({
  page,
}) => {
  const userName = uniqueName('tenant');

  await visit(page, '/signup');
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute(
    'placeholder',
    'Optional',
  );
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute(
    'placeholder',
    'Optional',
  );
  // No role to start with: sent without one, the form says so and sends nothing.
  await expect(page.getByLabel('Role')).toHaveValue('');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Choose a role')).toBeVisible();
  await page.getByLabel('Role').selectOption('Tenant');

  // Hold the answer back until the busy state was seen.
  const signUp = await holdRequests(page, '**/api/users');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
  signUp.release();

  const toast = page.getByRole('alert').filter({ hasText: 'Signup successful! Please log in.' });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await expectAccessible(page, 'sign-up toast');
  // After 2 seconds the toast hides and the login screen shows.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await expect(toast).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();

  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  const login = await holdRequests(page, '**/api/authentication/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  login.release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-user')).toHaveText(`${userName} (Tenant)`);

  // The user survives a reload (kept in local storage, confirmed by the server).
  await page.reload();
  await expect(page.getByTestId('header-user')).toHaveText(`${userName} (Tenant)`);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact Info' })
    .click();
  await expect(page).toHaveURL(/\/editcontact$/);
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Update Contact Info' }).click();
  await expect(page.getByText('Email must be a valid email address')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`${userName}@example.com`);
  // A phone is checked: words are refused with a message, a US number is kept as E.164 and
  // shown in the national form.
  await page.getByLabel('Phone', { exact: true }).fill('call me');
  await page.getByRole('button', { name: 'Update Contact Info' }).click();
  await expect(
    page.getByText('Phone must be a phone number, such as (212) 555-0101 or +44 20 7946 0958'),
  ).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('212.555.0142');
  await page.getByRole('button', { name: 'Update Contact Info' }).click();
  await expect(page.getByTestId('success-banner')).toHaveText(
    'Contact information updated successfully!',
  );
  const stored = await page.evaluate(() => localStorage.getItem('porchlight.user'));
  expect(JSON.parse(stored!)).toMatchObject({
    email: `${userName}@example.com`,
    phone: '+12125550142',
  });
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`${userName}@example.com`);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(212) 555-0142');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('porchlight.user'))).toBeNull();
  await visit(page, '/editcontact');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to access this page.')).toBeVisible();
});

test('a wrong password shows "Wrong username or password"', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await visit(page, '/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill('not-my-password-at-all');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('a login sends one request however often the button is pressed', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Maintenance');
  await visit(page, '/login');
  const logins = await holdRequests(page, '**/api/authentication/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.getByLabel('Password').press('Enter');
  logins.release();
  await expect(page.getByTestId('header-user')).toHaveText(`${userName} (Maintenance)`);
  expect(logins.count()).toBe(1);
});

test('sign-up explains a refusal: the spec line and the server reason beneath', async ({
  page,
}) => {
  await visit(page, '/signup');
  await page.getByLabel('Username').fill(uniqueName('weak'));
  await page.getByLabel('Password').fill('password123');
  await page.getByLabel('Role').selectOption('Landlord');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByTestId('form-error')).toContainText(
    'Signup failed. Try a different username or stronger password.',
  );
  await expect(page.getByTestId('form-error-reason')).toContainText(
    'Password is too easy to guess.',
  );
  await expectAccessible(page, 'sign-up error');
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
});

test('a stored user whose session has ended is dropped quietly', async ({ page, context }) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await visit(page, '/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await context.clearCookies();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('porchlight.user'))).toBeNull();
});

test('contact changes after the session has ended ask the user to log in', async ({
  page,
  context,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await visit(page, '/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact Info' })
    .click();
  await context.clearCookies();
  await page.getByLabel('Phone', { exact: true }).fill('212-555-0111');
  await page.getByRole('button', { name: 'Update Contact Info' }).click();
  await expect(page.getByTestId('error-banner')).toHaveText(
    'Please log in to update contact information',
  );
});

test('a user changes their own password on the contact page and logs in with the new one', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logInViaApi(page, userName);
  await visit(page, '/editcontact');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password').fill('quiet-harbor-lantern-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not right').first()).toBeVisible();

  // Only the server knows a password is easy to guess: its reason shows beside the field.
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password').fill('password123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByTestId('error-banner')).toContainText('Password is too easy to guess.');
  const newPassword = form.getByLabel('New password');
  await expect(newPassword).toHaveAccessibleDescription(/^Password is too easy to guess\./);

  await newPassword.fill('quiet-harbor-lantern-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByTestId('success-banner')).toHaveText(
    'Password changed. You were logged out everywhere else.',
  );
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await expectAccessible(page, 'password changed');

  await page.getByRole('button', { name: 'Logout' }).click();
  await logInViaUi(page, userName, 'quiet-harbor-lantern-77');
  await expect(page.getByTestId('header-user')).toHaveText(`${userName} (Tenant)`);
});

test('a landlord is told at sign-up that the listings show their contact, and hides their email', async ({
  page,
}) => {
  await visit(page, '/signup');
  await page.getByLabel('Role').selectOption('Landlord');
  await expect(page.getByTestId('landlord-contact-hint')).toContainText(
    'Your email and phone are shown with your properties in the public listings.',
  );

  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const propertyName = uniqueName('Juniper House ');
  const created = await page.request.post('/api/properties', {
    data: { name: propertyName, address: '8 Juniper', city: 'Bend', state: 'OR', zipCode: '97701' },
  });
  expect(created.status()).toBe(201);

  await visit(page, '/editcontact');
  const showEmail = page.getByRole('switch', { name: 'Show my email' });
  await expect(showEmail).toBeChecked();
  await showEmail.uncheck();
  await expect(
    page.getByText('Your choice is saved: the public listings show it now.'),
  ).toBeVisible();
  await expectAccessible(page, 'public contact choice');

  await page.getByRole('button', { name: 'Logout' }).click();
  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(propertyName);
  const card = page.getByRole('article').filter({ hasText: propertyName });
  await expect(card.getByText(userName, { exact: false })).toBeVisible();
  await expect(card.getByText('(212) 555-0100', { exact: false })).toBeVisible();
  await expect(card.getByText(`${userName}@example.com`)).toHaveCount(0);
});
