import dayjs from 'dayjs';
import { addDays, calendarDate, formatDate } from '../src/shared/dates';
import {
  expect,
  expectDialogAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

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
        phoneNumber: '212-555-0177',
        moveInDate: today,
      },
    });
    expect(application.status(), await application.text()).toBe(201);
  }

  // Approving opens the lease form, filled in from the application and the unit.
  await visit(page, '/applications');
  // Approving asks first: who becomes a tenant where, who is declined, and that it is final.
  await page.getByRole('button', { name: 'Approve Ruth Mover' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Ruth Mover?' });
  await expect(approve).toContainText(
    `Ruth Mover becomes a tenant of unit 4C at ${name}; the unit becomes Rented.`,
  );
  await expect(approve).toContainText(
    "The unit's other pending application (Omar Mover) is declined as 'unit taken'",
  );
  await expect(approve).toContainText('This cannot be undone');
  await expect(approve.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectDialogAccessible(page);
  // Cancel sends nothing: both applications are still pending.
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByRole('row', { name: /Omar Mover/ })).toContainText('Pending');
  await expect(page.getByRole('row', { name: /Ruth Mover/ })).toContainText('Pending');
  await page.getByRole('button', { name: 'Approve Ruth Mover' }).click();
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
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
  // Saving an edit stays on this lease, as saved, with its panels (not a blank new form).
  const leaseUrl = page.url();
  await page.getByLabel('Deposit').fill('1400');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lease updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Lease' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Lease' })).toHaveCount(0);
  expect(page.url()).toBe(leaseUrl);
  await expect(page.getByLabel('Deposit')).toHaveValue('1,400.00');
  await expect(page.getByLabel('First name')).toHaveValue('Ruth');
  await expect(panel).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Deposit')).toHaveValue('1,400.00');

  await panel.getByLabel('Renewal monthly amount').fill('1390');
  await panel.getByRole('button', { name: 'Renew lease' }).click();
  const renewal = page.getByRole('dialog', { name: "Renew Ruth Mover's lease?" });
  await expect(renewal).toContainText(
    `A new lease of unit 4C for Ruth Mover runs from ${formatDate(addDays(firstEnd, 1))}`,
  );
  await expect(renewal).toContainText('at $1,390.00 a month');
  await expect(renewal).toContainText('The deposit of $1,400.00 carries over');
  await expect(renewal).toContainText('This cannot be undone: a lease is renewed only once.');
  await expectDialogAccessible(page);
  await renewal.getByRole('button', { name: 'Renew lease' }).click();
  await expect(page.getByText(/^Lease renewed: the next lease runs from/)).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(addDays(firstEnd, 1));
  await expect(page.getByLabel('Rent')).toHaveValue('1,390.00');
  await expect(page.getByLabel('Deposit')).toHaveValue('1,400.00');
  await expect(panel).toContainText('Upcoming');

  // Move out today: the running lease ends early, the signed renewal is cancelled, the unit is free.
  await panel.getByLabel('Reason').fill('Relocating for work');
  await panel.getByRole('button', { name: 'Move tenant out' }).click();
  const moveOut = page.getByRole('dialog', { name: 'Move Ruth Mover out?' });
  await expect(moveOut).toContainText(
    `Ruth Mover moves out on ${formatDate(today)}; unit 4C becomes Available unless someone else still lives there.`,
  );
  await expect(moveOut).toContainText('The deposit of $1,400.00 stays held on the lease');
  await expect(moveOut).toContainText('This cannot be undone: Ruth Mover cannot be moved back in');
  await expectDialogAccessible(page);
  // Closing the question (Escape) moves no one out.
  await page.keyboard.press('Escape');
  await expect(moveOut).toBeHidden();
  await expect(panel).toContainText('Upcoming');
  expect((await (await page.request.get(`/api/units/${unitId}`)).json()).status).toBe('Rented');
  await panel.getByRole('button', { name: 'Move tenant out' }).click();
  await moveOut.getByRole('button', { name: 'Move out' }).click();
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
