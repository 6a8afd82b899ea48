import {
  expect,
  expectAccessible,
  expectDialogAccessible,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';
import {
  created,
  createLease,
  createProperty,
  createTenant,
  createUnit,
  daysFromNow,
  logIn,
} from './api-helpers';

test("a landlord opens a tenant's page from the list: contact, leases, balance, requests, portal access and history; Invite works from the list", async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logIn(page, landlord);
  const propertyName = uniqueName('Harbor View ');
  const property = await createProperty(page, { name: propertyName });
  const unit = await createUnit(page, property.id, { unitNumber: '12A', rent: 1400 });
  const tenant = await createTenant(page, unit.id, {
    firstName: 'Alicia',
    lastName: 'Reyes',
    phoneNumber: '212-555-0123',
    email: 'alicia@example.com',
  });
  // A short stay at no rent covers today, so the request filed below names her (a work order
  // names the tenant whose lease covers its day); the rent job posts nothing for it.
  await createLease(page, tenant.id, {
    startDate: daysFromNow(-5),
    endDate: daysFromNow(2),
    rent: 0,
    deposit: 0,
  });
  // It starts in a few days: the rent job posts nothing meanwhile, so the balance is the charge.
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
    rent: 1400,
    deposit: 1400,
  });
  await created(page, `/api/leases/${lease.id}/ledger/charges`, {
    category: 'fee',
    amount: 75,
    entryDate: daysFromNow(0),
    description: 'Key replacement',
  });
  const title = uniqueName('Dripping faucet ');
  await created(page, '/api/work-orders', {
    unitId: unit.id,
    title,
    category: 'Plumbing',
    priority: 'Routine',
  });

  // The getting-started step leads to the tenants list, where each tenant can be invited.
  await visit(page, '/');
  await page.getByRole('link', { name: 'Invite tenant' }).click();
  await expect(page).toHaveURL(/\/tenants$/);
  const row = page.getByRole('row', { name: /Alicia Reyes/ });
  await expect(
    row.getByRole('button', { name: 'Invite Alicia Reyes to the portal' }),
  ).toBeVisible();

  // Invite from the list: the link is made and shown in a dialog, without leaving the list.
  await row.getByRole('button', { name: 'Invite Alicia Reyes to the portal' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Alicia Reyes to the portal' });
  await invite.getByRole('button', { name: 'Invite to portal' }).click();
  await expect(invite.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(
    /\/invitations\/[^/?#]+$/,
  );
  await expect(invite.getByText('Pending', { exact: true })).toBeVisible();
  await expectDialogAccessible(page);
  await invite.getByRole('button', { name: 'Close dialog' }).click();
  await expect(invite).toBeHidden();

  // The name opens the tenant's page (the edit form stays at /tenant/{id}).
  await row.getByRole('link', { name: 'Alicia Reyes', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenant.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Alicia Reyes' })).toBeVisible();
  await expect(page.getByText('Lives here')).toBeVisible();
  await expect(page.getByTestId('tenant-phone')).toHaveAttribute('href', 'tel:+12125550123');
  await expect(page.getByTestId('tenant-email')).toHaveAttribute(
    'href',
    'mailto:alicia@example.com',
  );
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumbs.getByRole('link', { name: propertyName })).toBeVisible();
  await expect(breadcrumbs.getByRole('link', { name: 'Unit 12A' })).toBeVisible();

  const leases = page.getByRole('region', { name: 'Leases' });
  await expect(leases).toContainText('Upcoming');
  await expect(leases).toContainText('$1,400.00/month');
  await expect(leases).toContainText('owes $75.00');
  await expect(page.getByTestId('tenant-balance')).toHaveText('$75.00');

  const requests = page.getByRole('region', { name: 'Maintenance requests' });
  await expect(requests.getByRole('link', { name: title })).toBeVisible();
  await expect(requests).toContainText('New');

  const portal = page.getByRole('region', { name: 'Portal access' });
  await expect(portal.getByText('Pending', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toBeVisible();
  await expectAccessible(page, "the tenant's page");

  // The ledger link opens the lease's ledger; Edit tenant opens the form.
  await page.getByRole('link', { name: 'Open the ledger' }).click();
  await expect(page).toHaveURL(new RegExp(`/leases/${lease.id}/ledger$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Edit tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${tenant.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Tenant' })).toBeVisible();
  await page.getByRole('link', { name: 'Tenant page' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenant.id}$`));

  // Other pages lead to it too: the unit's page, the leases list, the search palette's answer.
  await visit(page, `/units/${unit.id}`);
  await page.getByRole('link', { name: 'Alicia Reyes', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenant.id}$`));
  await visit(page, '/leases');
  // (Her two leases: either row leads to her.)
  await page
    .getByRole('row', { name: /Alicia Reyes/ })
    .first()
    .getByRole('link', { name: 'Alicia Reyes', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenant.id}$`));
  const search = await page.request.get(`/api/search?q=${encodeURIComponent('Alicia Reyes')}`);
  expect(JSON.stringify(await search.json())).toContain(`"link":"/tenants/${tenant.id}"`);

  // Once an account acts as the tenant, the list no longer offers Invite.
  const { path } = await created<{ path: string }>(
    page,
    `/api/tenants/${tenant.id}/invitations`,
    {},
  );
  const tenantAccount = await signUpViaApi(page, 'Tenant');
  await logIn(page, tenantAccount);
  const accept = await page.request.post(
    `/api${path.replace('/invitations/', '/invitations/by-code/')}/accept`,
    {
      data: {},
    },
  );
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  await logIn(page, landlord);
  await visit(page, '/tenants');
  await expect(page.getByRole('row', { name: /Alicia Reyes/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite Alicia Reyes to the portal' })).toHaveCount(
    0,
  );
  await visit(page, `/tenants/${tenant.id}`);
  await expect(page.getByTestId('portal-linked-account')).toHaveText(
    `Linked to account ${tenantAccount}`,
  );

  // An address that names no tenant of the landlord's says so, with the way back.
  await visit(page, '/tenants/999999');
  await expect(page.getByRole('heading', { name: 'Tenant not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to tenants' })).toBeVisible();
});
