import {
  expect,
  expectButtonsFit,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  visit,
} from './fixtures';
import { createProperty, createTenant, createUnit } from './api-helpers';

test('on a phone, the placement form fits and tenants are chosen on their cards to invite', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await createProperty(page);
  const free = await createUnit(page, property.id, { unitNumber: '9A' });
  for (const [i, firstName] of ['Rosa', 'Tomas'].entries()) {
    const unit = await createUnit(page, property.id, { unitNumber: `${i + 1}B` });
    await createTenant(page, unit.id, { firstName, lastName: 'Vega' });
  }

  await visit(page, `/place-tenant?unitId=${free.id}`);
  await expect(page.getByRole('form', { name: 'Place a tenant' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectButtonsFit(page);

  await visit(page, '/tenants');
  await page.getByRole('checkbox', { name: 'Choose Rosa Vega, unit 1B' }).check();
  await page.getByRole('checkbox', { name: 'Choose Tomas Vega, unit 2B' }).check();
  await expect(page.getByText('2 tenants chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Invite to portal', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Invite 2 tenants to the portal?' })
    .getByRole('button', { name: 'Invite' })
    .click();
  const sheet = page.getByRole('region', { name: 'Invitation links' });
  await expect(sheet.getByTestId('invitation-link')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await expectButtonsFit(page);
});
