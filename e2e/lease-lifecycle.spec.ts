import dayjs from 'dayjs';
import { addDays, calendarDate, formatDate } from '../src/shared/dates';
import { expect, logInViaApi, signUpViaApi, test, uniqueName, visit } from './fixtures';

test('a landlord approves an application into a prefilled lease, renews it and moves the tenant out', async ({
  page,
}) => {
  const landlord = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, landlord);
  const name = uniqueName('Linden Row ');
  const property = await page.request.post('/api/properties', {
    data: { name, address: '3 Linden Row', city: 'Albany', state: 'NY', zipCode: '12207' },
  });
  expect(property.status()).toBe(201);
  const unit = await page.request.post('/api/units', {
    data: {
      unitNumber: '4C',
      propertyId: (await property.json()).id,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 760,
      rent: 1325,
      status: 'Available',
    },
  });
  expect(unit.status()).toBe(201);
  const unitId = (await unit.json()).id as number;
  const today = calendarDate(new Date(), 'America/New_York');
  for (const firstName of ['Ruth', 'Omar']) {
    const application = await page.request.post('/api/applications', {
      data: {
        unitId,
        firstName,
        lastName: 'Mover',
        email: `${firstName.toLowerCase()}@example.com`,
        phoneNumber: '555-0177',
        moveInDate: today,
      },
    });
    expect(application.status(), await application.text()).toBe(201);
  }

  // Approving opens the lease form, filled in from the application and the unit.
  await visit(page, '/applications');
  await page.getByRole('button', { name: 'Approve Ruth Mover' }).click();
  await expect(page.getByRole('heading', { name: 'Create Lease' })).toBeVisible();
  await expect(page.getByLabel('Unit number')).toHaveValue('4C');
  await expect(page.getByLabel('First name')).toHaveValue('Ruth');
  await expect(page.getByLabel('Start date')).toHaveValue(today);
  // A year's term: to the day before the same date next year.
  const firstEnd = addDays(dayjs(today).add(1, 'year').format('YYYY-MM-DD'), -1);
  await expect(page.getByLabel('End date')).toHaveValue(firstEnd);
  await expect(page.getByLabel('Rent')).toHaveValue('1,325.00');
  await page.getByLabel('Deposit').fill('1325');
  await page.getByRole('button', { name: 'Create Lease' }).click();
  await expect(page.getByText('Lease added successfully!')).toBeVisible();

  // The other applicant for the unit is told the unit is taken instead of waiting.
  await visit(page, '/applications');
  await expect(page.getByRole('row', { name: /Omar Mover/ })).toContainText(
    'Rejected (unit taken)',
  );

  // Renew: the next lease starts the day after, with the new rent and the same deposit.
  await visit(page, '/leases');
  await page.getByRole('link', { name: 'Edit lease of Ruth Mover' }).click();
  const panel = page.getByRole('region', { name: 'This lease today' });
  await expect(panel).toContainText(/Active|Ending soon/);
  await expect(panel).toContainText(`The next lease starts ${formatDate(addDays(firstEnd, 1))}`);
  await panel.getByLabel('Renewal monthly amount').fill('1390');
  await panel.getByRole('button', { name: 'Renew lease' }).click();
  await expect(page.getByText(/^Lease renewed: the next lease runs from/)).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(addDays(firstEnd, 1));
  await expect(page.getByLabel('Rent')).toHaveValue('1,390.00');
  await expect(page.getByLabel('Deposit')).toHaveValue('1,325.00');
  await expect(panel).toContainText('Upcoming');

  // Move out today: the running lease ends early, the signed renewal is cancelled, the unit is free.
  await panel.getByLabel('Reason').fill('Relocating for work');
  await panel.getByRole('button', { name: 'Move tenant out' }).click();
  await expect(panel.getByTestId('success-banner')).toContainText(
    `Ruth Mover moved out on ${formatDate(today)}`,
  );
  await expect(panel).toContainText('Ended early');
  expect((await (await page.request.get(`/api/units/${unitId}`)).json()).status).toBe('Available');
  await visit(page, '/leases');
  await expect(page.getByRole('row', { name: /Ruth Mover/ })).toHaveCount(2);
  for (const row of await page.getByRole('row', { name: /Ruth Mover/ }).all()) {
    await expect(row).toContainText('Ended early');
  }
});
