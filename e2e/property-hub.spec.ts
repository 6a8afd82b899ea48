import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  logInViaApi,
  logInViaUi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

/** A property with two units, one of them let to a tenant, made through the API. */
async function makePortfolio(page: Page) {
  const name = uniqueName('Hub Court ');
  const property = await page.request.post('/api/properties', {
    data: { name, address: '7 Harbor Way', city: 'Springfield', state: 'IL', zipCode: '62701' },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { id: number }).id;
  const unitIds: number[] = [];
  for (const unitNumber of ['A1', 'A2']) {
    const unit = await page.request.post('/api/units', {
      data: {
        propertyId,
        unitNumber,
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 800,
        rent: 1350,
        status: 'Available',
      },
    });
    expect(unit.status(), await unit.text()).toBe(201);
    unitIds.push(((await unit.json()) as { id: number }).id);
  }
  const lastName = uniqueName('Okonkwo');
  const tenant = await page.request.post('/api/tenants', {
    data: {
      unitId: unitIds[0],
      firstName: 'Adaeze',
      lastName,
      phoneNumber: '212-555-0199',
      email: 'adaeze@example.com',
    },
  });
  expect(tenant.status(), await tenant.text()).toBe(201);
  const tenantId = ((await tenant.json()) as { id: number }).id;
  return { name, propertyId, unitIds, lastName, tenantId };
}

test('a landlord goes from the properties list to a property, a unit and back by the breadcrumbs', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const { name, lastName } = await makePortfolio(page);

  await visit(page, '/property/create');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const units = page.getByRole('region', { name: 'Units' });
  await expect(units.getByRole('link', { name: 'Unit A1', exact: true })).toBeVisible();
  await expect(units.getByRole('link', { name: `Adaeze ${lastName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Place tenant in unit A2' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
  await expectAccessible(page, 'property page');

  await units.getByRole('link', { name: 'Unit A1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unit A1' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText('Unit A1')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Living here:')).toContainText(`Adaeze ${lastName}`);
  await expectAccessible(page, 'unit page');

  await breadcrumb.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Properties' })
    .click();
  await expect(page).toHaveURL(/\/property\/create$/);

  // 'Add unit here' opens the unit form with this property chosen.
  await page.getByRole('link', { name }).click();
  await page.getByRole('link', { name: 'Add unit here' }).click();
  await expect(page).toHaveURL(/\/unit\/create\?propertyId=\d+$/);
  await expect(page.getByRole('combobox', { name: /^Property/ })).toHaveValue(name);
});

test('the search palette opens with Control+K and takes the landlord to a tenant', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const { lastName, tenantId } = await makePortfolio(page);

  await visit(page, '/landlord-dashboard');
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: /search properties, units/i });
  await expect(search).toBeFocused();
  await search.fill(lastName.slice(0, 12));
  const result = page.getByRole('button', { name: new RegExp(`Adaeze ${lastName}`) });
  await expect(result).toBeVisible();
  // The dialog fades in: scan once it is fully shown.
  await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'open search palette');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tenants/${tenantId}$`));
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a visitor sees the public property page, without tenants', async ({ page }) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaUi(page, userName);
  const { name, propertyId, lastName } = await makePortfolio(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  await visit(page, `/properties/${propertyId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Unit A1')).toBeVisible();
  await expect(page.getByText(lastName)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tenants' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /search/i })).toHaveCount(0);

  await visit(page, '/properties/999999999');
  await expect(page.getByText('Property not found')).toBeVisible();
});
