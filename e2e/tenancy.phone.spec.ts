import {
  expect,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

test('on a 390 px phone the tenancy screens fit without sideways scroll, and an application can be reviewed', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const property = await page.request.post('/api/properties', {
    data: {
      name: uniqueName('Birch Row '),
      address: '3 Birch Rd',
      city: 'Salem',
      state: 'OR',
      zipCode: '97301',
    },
  });
  const propertyId = (await property.json()).id;
  const units: number[] = [];
  for (const unitNumber of ['1A', '1B']) {
    const unit = await page.request.post('/api/units', {
      data: {
        unitNumber,
        propertyId,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 600,
        rent: 1100,
        status: 'Available',
      },
    });
    units.push((await unit.json()).id);
  }
  const tenant = await page.request.post('/api/tenants', {
    data: {
      unitId: units[0],
      firstName: 'Pat',
      lastName: 'Phone',
      phoneNumber: '212-555-0110',
      email: 'pat@example.com',
    },
  });
  expect(tenant.status()).toBe(201);
  const tenantId = (await tenant.json()).id;
  const lease = await page.request.post('/api/leases', {
    data: {
      tenantId,
      startDate: '2026-02-01',
      endDate: '2027-01-31',
      rent: 1100,
      deposit: 1100,
      status: 'Active',
    },
  });
  expect(lease.status()).toBe(201);
  const application = await page.request.post('/api/applications', {
    data: {
      unitId: units[1],
      firstName: 'Mo',
      lastName: 'Bile',
      email: 'mo@example.com',
      phoneNumber: '212-555-0111',
      moveInDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      message:
        'A long message that should wrap inside its cell rather than push the page sideways on a small phone.',
    },
  });
  expect(application.status()).toBe(201);

  for (const path of [
    '/tenant/create',
    `/tenant/${tenantId}`,
    '/tenants',
    '/lease/create',
    '/leases',
    '/applications',
  ]) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }

  // Reviewing works by touch on the phone: the table scrolls inside its box to the buttons.
  await page.getByRole('button', { name: 'Reject Mo Bile' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the application of Mo Bile?' });
  await expect(reject).toContainText('This cannot be undone');
  await expectNoSidewaysScroll(page);
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Application of Mo Bile rejected.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Mo Bile/ })).toContainText('Rejected');
  await expectNoSidewaysScroll(page);
});
