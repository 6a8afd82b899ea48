import {
  expect,
  expectAccessible,
  logInViaApi,
  signUpViaApi,
  test,
  uniqueName,
  visit,
} from './fixtures';

test('a landlord sets a business name on the contact page, and applicants see it instead of the username', async ({
  page,
}) => {
  const userName = await signUpViaApi(page, 'Landlord');
  await logInViaApi(page, userName);
  const propertyName = uniqueName('Linden Court ');
  const created = await page.request.post('/api/properties', {
    data: { name: propertyName, address: '9 Linden', city: 'Boise', state: 'ID', zipCode: '83702' },
  });
  expect(created.status()).toBe(201);

  await visit(page, '/editcontact');
  const name = page.getByLabel('Display or business name');
  await expect(name).toHaveAttribute('placeholder', userName);
  await name.fill('Linden Property Co.');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved: others now see you as Linden Property Co.')).toBeVisible();
  await expectAccessible(page, '/editcontact with a display name');
  await page.reload();
  await expect(page.getByLabel('Display or business name')).toHaveValue('Linden Property Co.');

  await page.getByRole('button', { name: 'Logout' }).click();
  await visit(page, '/properties');
  await page.getByLabel('Search properties').fill(propertyName);
  const card = page.getByRole('article').filter({ hasText: propertyName });
  await expect(card.getByText('Linden Property Co.')).toBeVisible();
  await expect(card.getByText(userName, { exact: true })).toHaveCount(0);
  await expect(card).not.toContainText(`Property manager: ${userName}`);
});
