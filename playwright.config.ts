import { defineConfig, devices } from '@playwright/test';

/**
 * Specs of whole flows (booking, paying, requesting, reading results) run in the desktop project
 * only: each checks its pages at 375 px itself, and running every step of every flow again on the
 * phone profile doubled the run (CI time, issue 13). What differs on a phone — the bottom bar, the
 * sheets, public pages, axe, navigation — keeps running in both.
 */
const DESKTOP_ONLY_FLOWS = ['appointments', 'booking', 'invoices', 'service-requests', 'wallet', 'test-results', 'script-weight'].map((name) => `**/${name}.spec.ts`);

/** Debian's Chromium (Playwright cannot download its own browsers here); override with PLAYWRIGHT_CHROMIUM_PATH. */
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties this at start; test-results/ also holds the Vitest report.
  outputDir: 'test-results/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The flows (book, pay, cancel, withdraw) take 20–30 s on a quiet 2-core machine with two workers,
  // each with its own browser, beside the server, and near twice that on a busy one: room for both.
  timeout: 90_000,
  expect: { timeout: 8_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // Set by global-setup.ts, which starts the production build on a free port.
    baseURL: process.env.PORTAL_E2E_URL,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      // No GPU here: without the flag each browser runs a GPU process emulating one in software.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testIgnore: DESKTOP_ONLY_FLOWS },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], browserName: 'chromium' } },
  ],
});
