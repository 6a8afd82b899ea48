import { createLease, createProperty, createTenant, createUnit } from './api-helpers';
import {
  expect,
  expectAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

test('a leasing agent limited to one property sees and works only there, until removed', async ({
  page,
  browser,
}) => {
  const owner = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, owner);
  const allowed = await createProperty(page, { name: uniqueName('Birch Row ') });
  const other = await createProperty(page, { name: uniqueName('Cedar Mews ') });
  const allowedUnit = await createUnit(page, allowed.id, { unitNumber: '3B' });
  const otherUnit = await createUnit(page, other.id, { unitNumber: '9Z' });
  const allowedLease = await createLease(page, (await createTenant(page, allowedUnit.id)).id);
  const otherLease = await createLease(
    page,
    (await createTenant(page, otherUnit.id, { firstName: 'Ravi' })).id,
  );

  // The invitation names the one property the agent works on.
  await visit(page, '/settings/team');
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Leasing agent' }).click();
  await invite.getByRole('checkbox', { name: /All properties/ }).uncheck();
  await invite.getByRole('combobox', { name: 'Properties' }).click();
  await page.getByRole('option', { name: allowed.name }).click();
  await invite.getByRole('heading').first().click();
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await invite.getByTestId('member-invitation-link').textContent())!;
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row', { name: /Leasing agent/ })).toContainText(allowed.name);

  // The agent, a new account in a browser of their own, joins by the link.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await signUpViaApi(agentPage, 'Maintenance');
  await logInViaApi(agentPage, agent);
  await agentPage.goto(new URL(link).pathname);
  await agentPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(agentPage).toHaveURL(/\/$/);

  // The dashboard and the properties list hold the one property.
  await expect(agentPage.getByRole('heading', { level: 1, name: /dashboard/i })).toBeVisible();
  const cards = agentPage.getByTestId('property-card');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(allowed.name);
  await agentPage.goto('/property/create');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(agentPage.getByText(allowed.name)).toBeVisible();
  await expect(agentPage.getByText(other.name)).toHaveCount(0);

  // A unit of the allowed property, with its manager's sections.
  await agentPage.goto(`/units/${allowedUnit.id}`);
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Unit 3B' })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'Edit unit' })).toBeVisible();
  await expectAccessible(agentPage, "the agent's unit page");

  // The other property's records are not the agent's: the server answers 404.
  const refused = agentPage.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/leases/${otherLease.id}`) && response.status() === 404,
  );
  await agentPage.goto(`/leases/${otherLease.id}/ledger`);
  await refused;
  await expect(agentPage.getByTestId('not-found-state')).toContainText('Lease not found');
  // Its public page stays public, without the manager's sections.
  await agentPage.goto(`/properties/${other.id}`);
  await expect(agentPage.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'See every unit' })).toHaveCount(0);

  // On the allowed lease's ledger the agent records payments but adds no charges.
  await agentPage.goto(`/leases/${allowedLease.id}/ledger`);
  await expect(agentPage.getByRole('button', { name: 'Record payment' })).toBeVisible();
  await expect(agentPage.getByRole('button', { name: 'Add charge' })).toHaveCount(0);

  // What the role may not change is not offered; a form page says so instead of a form.
  await agentPage.goto('/property/create');
  await expect(agentPage.getByTestId('role-cannot-write')).toContainText(
    'Your role cannot add or edit properties',
  );
  await expect(agentPage.getByRole('textbox', { name: /^Name/ })).toHaveCount(0);
  await agentPage.goto('/staff/create');
  await expect(agentPage.getByTestId('role-cannot-write')).toContainText(
    'Your role cannot add or edit staff',
  );
  await expect(agentPage.getByTestId('role-cannot-write')).toContainText(
    `Your role in ${owner} is Leasing agent`,
  );
  await expectAccessible(agentPage, 'a form page the role may not use');
  await agentPage.goto('/work-orders');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Work orders' })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'File a request' })).toHaveCount(0);
  await agentPage.goto('/expenses');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'Add expense' })).toHaveCount(0);
  await expect(agentPage.getByRole('button', { name: 'Add recurring expense' })).toHaveCount(0);

  // The Owner removes the agent; the agent's next page refuses them.
  await visit(page, '/settings/team');
  await page.getByRole('button', { name: `Remove ${agent}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${agent}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(agent) }),
  ).toHaveCount(0);

  const ended = agentPage.waitForResponse(
    (response) => response.url().endsWith('/api/authentication/me') && response.status() === 401,
  );
  await agentPage.goto(`/units/${allowedUnit.id}`);
  await ended;
  await agentPage.goto(`/leases/${allowedLease.id}/ledger`);
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(agentPage.getByText('Please log in to manage ledgers')).toBeVisible();
  await expect(agentPage.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await agentContext.close();
});
