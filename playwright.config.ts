import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? 'dist';
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** A second server that stays a fresh install (no users, no properties) for the whole run. */
const FRESH_PORT = PORT + 1;
const FRESH_DATA_DIR = `.tmp/e2e-data-${FRESH_PORT}`;

/**
 * Browser journeys through the built app in Debian's Chromium (never a downloaded browser),
 * against a server on a fresh embedded database.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two workers share the server; every journey makes its own users and records.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e.json' }]],
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The browser lives in the landlord's calendar (the server's TIME_ZONE, New York by
    // default), as a landlord's does: forms offer today's date as the server counts it, at
    // any hour of the CI machine's UTC day.
    timezoneId: 'America/New_York',
    // Recording a trace costs every journey about a sixth of its time: in CI a failure is
    // retried once with a trace; elsewhere a failing journey keeps the one it recorded.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium as its headless shell (scripts/ensure-chromium.mjs installs it).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      // Motion off (the app honours the setting): no frames spent on fades and slides, and
      // no scan waits for one to end. The phone journeys keep it on.
      use: { ...devices['Desktop Chrome'], channel: undefined, reducedMotion: 'reduce' },
      testIgnore: [/.*\.phone\.spec\.ts/, /.*\.fresh\.spec\.ts/],
    },
    {
      name: 'phone',
      // A 390 px wide phone, in the same Chromium.
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        // One device pixel per CSS pixel: the layout is the phone's, and Chromium paints a
        // quarter of the pixels a 2x screen needs.
        deviceScaleFactor: 1,
      },
      testMatch: /.*\.phone\.spec\.ts/,
    },
    {
      name: 'fresh install',
      // Journeys that need an empty database, which the other journeys fill: their own server.
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        reducedMotion: 'reduce',
        baseURL: `http://localhost:${FRESH_PORT}`,
      },
      testMatch: /.*\.fresh\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && node ${BUILD_DIR}/server/main.js`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        WEB_ROOT: `${BUILD_DIR}/web`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // The first Admin, created at start (e2e/fixtures.ts logs in with it).
        ADMIN_USERNAME: 'e2e-admin',
        ADMIN_PASSWORD: 'harbor-violet-signal-93',
        // Every journey signs up its own people, all from this one address.
        SIGNUPS_PER_HOUR: '1000',
      },
    },
    {
      command: `rm -rf ${FRESH_DATA_DIR} && node ${BUILD_DIR}/server/main.js`,
      url: `http://localhost:${FRESH_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(FRESH_PORT),
        DATA_DIR: FRESH_DATA_DIR,
        WEB_ROOT: `${BUILD_DIR}/web`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
