import type { Locator, Page } from '@playwright/test';
import { expect, PASSWORD, test, uniqueName } from './fixtures';

/**
 * Presses Tab until the target has focus, checking that every stop on the way shows where the
 * focus is. Fails when the target cannot be reached by Tab at all.
 */
async function tabTo(page: Page, target: Locator, maxStops = 60): Promise<void> {
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The focused element shows it: a focus ring (outline or box shadow), or, for a form field, a
 * border unlike that of the same kind of field without focus.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  // Polled: a field's border eases into its focus colour.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return 'nothing focused';
        const style = getComputedStyle(element);
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return 'visible';
        if (style.boxShadow !== 'none') return 'visible';
        const sibling = [...document.querySelectorAll<HTMLElement>('.mantine-Input-input')].find(
          (other) => other !== element,
        );
        if (
          element.classList.contains('mantine-Input-input') &&
          sibling &&
          getComputedStyle(sibling).borderColor !== style.borderColor
        )
          return 'visible';
        return `no focus ring on ${element.outerHTML.slice(0, 120)}`;
      }),
    )
    .toBe('visible');
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('a landlord goes from sign-up to a created unit with the keyboard only', async ({ page }) => {
  await page.clock.install();
  const userName = uniqueName('keys');
  await page.goto('/signup');

  await typeInto(page, page.getByLabel('Username'), userName);
  await typeInto(page, page.getByLabel('Password'), PASSWORD);
  // A native select changes with the arrow keys.
  await tabTo(page, page.getByLabel('Role'));
  await expect(page.getByLabel('Role')).toHaveValue('');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Role')).toHaveValue('Landlord');
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Sign Up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signup successful! Please log in.')).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/login$/);

  await typeInto(page, page.getByLabel('Username'), userName);
  await typeInto(page, page.getByLabel('Password'), PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Landlord Dashboard' })).toBeVisible();

  // Through the sidebar: open Manage, then Properties.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const manage = nav.getByRole('button', { name: 'Manage' });
  await tabTo(page, manage);
  await expect(manage).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(manage).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, nav.getByRole('link', { name: 'Properties', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/property\/create$/);

  await typeInto(page, page.getByLabel('Name'), 'Keyboard Court');
  await typeInto(page, page.getByLabel('Address'), '1 Tab Street');
  await typeInto(page, page.getByLabel('City'), 'Springfield');
  await typeInto(page, page.getByLabel('State'), 'IL');
  await typeInto(page, page.getByLabel('Zip code'), '62701');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Property added successfully!')).toBeVisible();

  await tabTo(page, nav.getByRole('link', { name: 'Units' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/unit\/create$/);
  await typeInto(page, page.getByLabel('Unit number'), '1A');
  // The property picker searches as one types; arrows pick, Enter chooses.
  await tabTo(page, page.getByRole('combobox', { name: 'Property' }));
  await page.keyboard.type('Keyboard');
  await expect(page.getByRole('option', { name: 'Keyboard Court' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveValue('Keyboard Court');
  await typeInto(page, page.getByLabel('Bedrooms'), '2');
  await typeInto(page, page.getByLabel('Rent'), '1250');
  await tabTo(page, page.getByRole('button', { name: 'Create Unit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unit added successfully!')).toBeVisible();

  const units = await page.request.get('/api/units?mine=true');
  expect(await units.json()).toEqual([
    expect.objectContaining({ unitNumber: '1A', bedrooms: 2, rent: 1250 }),
  ]);
});
