import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from './support/browser';
import { e2eMailSettings } from './support/mail';
import { PHONE_ONLY } from './support/projects';
import { e2eServerSettings } from './support/server';
import { E2E_ADMIN } from './support/shop-api';

const { port, dataDir } = await e2eServerSettings();
const { smtpUrl } = await e2eMailSettings();
const baseURL = `http://127.0.0.1:${port}`;

/** The specs that also run at 1360 px (see the desktop project below). */
const DESKTOP_SPECS = ['accessibility', 'foundation', 'home', 'layout', 'layout-look', 'lists', 'live', 'offline-data', 'product', 'screenshots', 'search'];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace of the retry only (CI retries once). Recording one for every test, to keep the failures' traces
    // ('retain-on-failure'), cost this suite a third of its CPU (screencast frames and DOM snapshots on each step):
    // the search spec on the phone took 2.9 min and 336 CPU-seconds with it, 1.8 min and 211 without. For a failing
    // test locally: --retries 1, or --trace on.
    trace: 'on-first-retry',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS },
  },
  projects: [
    // 360 px: the most common Android width (small-screens.spec.ts also checks 320 px). Every spec runs here.
    { name: 'phone', use: { ...devices['Galaxy S8'], browserName: 'chromium' } },
    // 1360 px: the specs whose pages are laid out or operated differently on a wide screen (header search, filter
    // sidebar, side panels, product gallery, offline data's visible search), without their tests tagged PHONE_ONLY.
    // Flows that are the same at every width (accounts, cart, checkout, offline cart, the worker, mails) and such
    // tests run once, on the phone: running them twice doubled CI's time and its exposure to a busy machine
    // without testing anything new.
    {
      name: 'desktop',
      testMatch: DESKTOP_SPECS.map((spec) => `**/${spec}.spec.ts`),
      grepInvert: new RegExp(PHONE_ONLY),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1360, height: 900 } },
    },
  ],
  webServer: {
    // The production build (npm run test:e2e builds first) on a fresh embedded database.
    command: 'node dist/server/main.js',
    cwd: '..',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every test's browser shares one client address (127.0.0.1), so the per-address budgets are those of a
      // whole test run, not of one shopper; the limits themselves are tested in Vitest.
      RATE_LIMIT_PER_MINUTE: '6000',
      PAGE_RATE_LIMIT_PER_MINUTE: '6000',
      CODE_ATTEMPTS_PER_15_MINUTES: '1000',
      ACCOUNT_CHANGES_PER_ADDRESS: '1000',
      LOGINS_PER_ADDRESS: '1000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      // Playwright's API client reuses an idle connection without reading the server's Keep-Alive timeout, so a
      // request sent as the server closes one after 5 s of quiet was reset (ECONNRESET). Browsers honour it.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
      // Tests set stock through the admin API, as staff would.
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The shop's real mails go to the run's SMTP sink (tests/support/mail.ts), where tests read them.
      SMTP_URL: smtpUrl,
    },
  },
});
