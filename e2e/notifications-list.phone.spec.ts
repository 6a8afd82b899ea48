import {
  ADMIN,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  logInViaApi,
  signUpViaApi,
  test,
} from './fixtures';

test('on a phone the notifications read across the whole card, with their buttons below and nothing cut off', async ({
  page,
  browser,
}) => {
  const userName = await signUpViaApi(page, 'Tenant');
  await logInViaApi(page, userName);
  const me = await page.request.get('/api/authentication/me');
  const { id } = (await me.json()) as { id: number };

  // An Admin changes the account's roles twice: two notifications, each with Open and
  // Mark as read.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logInViaApi(adminPage, ADMIN.userName, ADMIN.password);
  for (const roles of [['Tenant', 'Maintenance'], ['Tenant']]) {
    const response = await adminPage.request.put(`/api/accounts/${id}/roles`, {
      data: { roles },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await admin.close();

  await page.goto('/notifications');
  const cards = page.getByRole('listitem').filter({ hasText: 'Your roles changed' });
  // Delivery is the background runner's: look again until it has run.
  await expect(async () => {
    await page.reload();
    await expect(cards).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);

  for (const card of await cards.all()) {
    const cardBox = (await card.boundingBox())!;
    const textBox = (await card.getByTestId('notification-text').boundingBox())!;
    // The words use the card's width (beside the buttons they had about 150 px of 358).
    expect(textBox.width).toBeGreaterThan(cardBox.width * 0.8);
    for (const button of await card.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      // Below the words, inside the card, and each label whole.
      expect(box.y).toBeGreaterThanOrEqual(textBox.y + textBox.height - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      const clipped = await button.evaluate((element) =>
        [element, ...element.querySelectorAll('*')].some(
          (node) => node.scrollWidth > node.clientWidth + 1,
        ),
      );
      expect(clipped, await button.innerText()).toBe(false);
    }
  }
  await expectAccessible(page, '/notifications on a phone');

  await cards
    .first()
    .getByRole('button', { name: /^Mark “/ })
    .click();
  await expect(page.getByRole('button', { name: /^Mark “/ })).toHaveCount(1);
});
