import { ADMIN, expect, expectAccessible, logInViaApi, signUpViaApi, test } from './fixtures';

test('on a phone a tenant turns notification emails off per kind, and an Admin reads the mail that would have gone out', async ({
  page,
  browser,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logInViaApi(page, userName);
  await page.goto('/editcontact');
  await expect(page.getByRole('heading', { name: 'Email notifications' })).toBeVisible();
  const payments = page.getByRole('switch', { name: 'A payment is recorded on my lease' });
  await expect(payments).toBeChecked();
  await payments.click();
  await expect(page.getByTestId('success-banner')).toHaveText(
    'Email off: A payment is recorded on my lease.',
  );
  // By keyboard too.
  const overdue = page.getByRole('switch', { name: 'My rent is overdue' });
  await overdue.focus();
  await page.keyboard.press('Space');
  await expect(overdue).not.toBeChecked();
  await expectAccessible(page, '/editcontact with notification choices');
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'A payment is recorded on my lease' }),
  ).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'My rent is overdue' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'My roles change' })).toBeChecked();
  const me = await page.request.get('/api/authentication/me');
  const { id } = (await me.json()) as { id: number };

  // The Admin, on another phone, changes the tenant's roles: that notification is emailed,
  // and with no SMTP on this server the Admin's mail page keeps it as not sent.
  const theirs = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const admin = await theirs.newPage();
  await logInViaApi(admin, ADMIN.userName, ADMIN.password);
  const roles = await admin.request.put(`/api/accounts/${id}/roles`, {
    data: { roles: ['Tenant', 'Maintenance'] },
  });
  expect(roles.status(), await roles.text()).toBe(200);
  await admin.goto('/admin/mail');
  await expect(admin.getByRole('heading', { name: 'Mail' })).toBeVisible();
  const item = admin.getByRole('listitem').filter({ hasText: `To ${userName}@example.com` });
  // Delivery is the background runner's: look again until it has run.
  await expect(async () => {
    await admin.reload();
    await expect(item).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item).toContainText('Your roles changed');
  await expect(item).toContainText('Not sent: no SMTP');
  await expect(item).toContainText('An administrator changed your roles to Tenant, Maintenance.');
  await expectAccessible(admin, '/admin/mail');
  await theirs.close();

  // Not for a tenant.
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { name: 'Mail' })).toHaveCount(0);
});
