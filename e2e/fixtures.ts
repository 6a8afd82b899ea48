import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { STORED_USER_KEY } from '../src/web/lib/stored-user';

/** The WCAG 2.1 A and AA rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core in the page. Its source goes into each document once, on the first scan: the
 * Playwright wrapper sends the half-megabyte source twice per scan, three quarters of a
 * scan's time. Only violations are reported back: axe then skips listing every node that
 * passes. The app has no frames, so the page itself is the whole screen; `within` narrows the
 * scan to the elements a selector matches.
 */
async function runAxe(page: Page, within?: string): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    ({ tags, within }) =>
      (window as unknown as { axe: typeof axe }).axe.run(within ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    { tags: AXE_TAGS, within },
  );
}

/** How long no request may be in flight before a screen counts as loaded. */
const QUIET_MS = 150;
/** The requests in flight of each page of the test's own context. */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; changedAt: number }>();

function watchTraffic(context: BrowserContext): void {
  context.on('page', (page) => traffic.set(page, { inFlight: new Set(), changedAt: Date.now() }));
  const update = (request: Request, change: 'add' | 'delete') => {
    let page: Page | null = null;
    try {
      page = request.frame().page();
    } catch {
      return; // a service worker's request belongs to no page
    }
    const state = traffic.get(page);
    if (!state) return;
    state.inFlight[change](request);
    state.changedAt = Date.now();
  };
  context.on('request', (request) => update(request, 'add'));
  context.on('requestfinished', (request) => update(request, 'delete'));
  context.on('requestfailed', (request) => update(request, 'delete'));
}

/**
 * Waits until the page has loaded and no request has been in flight for QUIET_MS: what
 * Playwright's 'networkidle' does with 500 ms, which the scans of a run spent minutes on.
 */
async function networkQuiet(page: Page): Promise<void> {
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  await expect
    .poll(() => state.inFlight.size === 0 && Date.now() - state.changedAt >= QUIET_MS, {
      message: 'requests still in flight',
      intervals: [QUIET_MS / 3],
    })
    .toBe(true);
}

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await networkQuiet(page);
  // A dialog or popover fading in or out has half-transparent text that fails contrast for a
  // moment: scan once every finite animation is over (spinners run forever and are ignored).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await runAxe(page);
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
  scanned.set(page, await screenFingerprint(page));
}

/** What each page showed when it was last scanned. */
const scanned = new WeakMap<Page, string>();

/** The address and a hash of the whole document: equal when the screen has not changed. */
function screenFingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0x811c9dc5;
    for (let i = 0; i < html.length; i++) hash = Math.imul(hash ^ html.charCodeAt(i), 0x01000193);
    return `${location.href} ${html.length} ${hash >>> 0}`;
  });
}

/** Goes to a path and checks the screen with axe. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectAccessible(page, path);
}

let counter = 0;
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;
}

export const PASSWORD = 'tidy-lantern-orchard-42';
/** The Admin the server creates at start (playwright.config.ts). */
export const ADMIN = { userName: 'e2e-admin', password: 'harbor-violet-signal-93' };

/** Signs up through the API (same origin, so the Origin check passes). */
export async function signUpViaApi(
  page: Page,
  role: 'Landlord' | 'Tenant' | 'Maintenance',
  userName = uniqueName(role.toLowerCase()),
) {
  const response = await page.request.post('/api/users', {
    data: {
      Username: userName,
      Password: PASSWORD,
      Roles: [role],
      Email: `${userName}@example.com`,
      Phone: '212-555-0100',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return userName;
}

/**
 * Logs in through the API, for journeys that start after the login screen (the login
 * screen's own journeys use logInViaUi). The session cookie lands in the page's context;
 * the user goes where the login screen puts it, the origin's localStorage, from a
 * document of the app's origin that loads nothing.
 */
export async function logInViaApi(page: Page, userName: string, password = PASSWORD) {
  const response = await page.request.post('/api/authentication/login', {
    data: { userName, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/api/health');
  const user = JSON.stringify(await response.json());
  await page.evaluate(({ key, user }) => localStorage.setItem(key, user), {
    key: STORED_USER_KEY,
    user,
  });
}

export async function logInViaUi(page: Page, userName: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByTestId('header-user')).toContainText(userName);
}

/** Every test also checks the screen it ends on. */
export const test = base.extend<{ finalAccessibilityCheck: void }>({
  context: async ({ context }, use) => {
    watchTraffic(context);
    await use(context);
  },
  finalAccessibilityCheck: [
    async ({ page }, use, testInfo) => {
      await use();
      // The screen a test ends on, unless it was scanned as it is now.
      if (
        testInfo.status === 'passed' &&
        page.url().startsWith('http') &&
        scanned.get(page) !== (await screenFingerprint(page))
      ) {
        await expectAccessible(page, `end of "${testInfo.title}"`);
      }
    },
    { auto: true },
  ],
});
export { expect };

/** Chooses in a searching picker: types the name, then clicks the option the server found. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

/** The page fits the viewport's width: nothing to scroll sideways (a 390 px phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The words of every visible button on the screen fit inside it: none is cut short ('Mark as
 * In p') at this width. A Mantine button clips its label, so a label wider than the room it
 * has (or a button narrower than its content) shows as scrollWidth > clientWidth. Answers the
 * clipped buttons' names, for the check below and for its own test.
 */
export function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    const buttons = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], a.mantine-Button-root',
    );
    for (const button of buttons) {
      if (!button.checkVisibility() || button.getBoundingClientRect().width === 0) continue;
      const label = button.querySelector<HTMLElement>('.mantine-Button-label');
      const boxes = label ? [label, button] : [button];
      if (boxes.some((box) => box.scrollWidth > box.clientWidth)) {
        clipped.push(
          button.textContent?.trim() || button.getAttribute('aria-label') || button.outerHTML,
        );
      }
    }
    return clipped;
  });
}

/** No visible button's words are cut short (a 390 px phone; docs/product.md section 2). */
export async function expectButtonsFit(page: Page, screen = page.url()): Promise<void> {
  expect(await clippedButtons(page), `buttons cut short on ${screen}`).toEqual([]);
}

/** Axe on an open dialog, polled: while it fades in, its half-transparent text fails contrast. */
export async function expectDialogAccessible(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const results = await runAxe(page, '[role="dialog"]');
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    })
    .toEqual([]);
}

/**
 * Holds every request to `url` until release(): a busy state stays on screen for as long as
 * the test looks at it, with no sleeping. count() says how many requests were sent.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(url, async (route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { count: () => count, release };
}
