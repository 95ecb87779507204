import { type Browser, type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { ISLAND_PAGE_BUDGET_KB, JS_BUDGET_KB, SW_JS_BUDGET_KB } from '../../scripts/bench/report.ts';
import { invoiceLinkPath, issueInvoice } from '../support/hospital-invoice.ts';
import { registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { cbcFiling, fileResult, shareResult } from '../support/test-results.ts';
import { newNationalCode, newPhone } from './fixtures.ts';

/**
 * DESIGN.md §6: a public page transfers at most 10 KB of JavaScript, counted as the
 * browser (and Lighthouse) counts it — compressed body plus response headers of every script the
 * page loads until the network is idle. What the service worker fetches on its own is not the
 * page's (the bench lists it apart: `BENCH_ONLY=weight npm run bench`).
 */
const PUBLIC_PAGES = [
  '/',
  '/no-such-page',
  '/expertise-group',
  '/clinics/women',
  '/appointment',
  '/appointment?expertise=obstetrics-gynecology&q=%D9%85%D8%B1%DB%8C%D9%85',
  '/appointment/doctor-profile/amirhossein-salehi',
  '/pregnancy-timeline',
  '/pregnancy-timeline/12',
  '/pregnancy-timeline/trimester-2',
  '/sr',
  '/sr/services',
];

/** Loads `path` and checks the scripts it transferred until the network went idle against the public budget. */
async function expectPublicPageBudget(page: Page, path: string) {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.request().serviceWorker() === null) scripts.push(response);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(
    scripts.map(async (response) => {
      await response.finished();
      const { responseBodySize, responseHeadersSize } = await response.request().sizes();
      return { url: new URL(response.url()).pathname, bytes: responseBodySize + responseHeadersSize };
    }),
  );
  const total = sizes.reduce((sum, file) => sum + file.bytes, 0);
  test.info().annotations.push({ type: 'script bytes', description: `${total}: ${sizes.map((file) => `${file.url} ${file.bytes}`).join(', ')}` });
  expect(
    sizes.some((file) => file.url.includes('Base.astro')),
    'the shell script was counted',
  ).toBe(true);
  expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(JS_BUDGET_KB * 1024);
}

for (const path of PUBLIC_PAGES) {
  test(`${path} transfers at most ${JS_BUDGET_KB} KB of scripts`, async ({ page }) => {
    await expectPublicPageBudget(page, path);
  });
}

// An invoice's public link (a relative opens it from an SMS) is a public page with
// no framework at all. It needs a real token, so the hospital issues an invoice first.
test(`an invoice's public link transfers at most ${JS_BUDGET_KB} KB of scripts and no island`, async ({ page }) => {
  const server = { url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! };
  const person = { phone: newPhone(), ip: `10.252.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}`, firstName: 'لیلا', lastName: 'حسینی', internationalCode: newNationalCode() };
  await registerPatient(server as RunningServer, person);
  const { url } = await issueInvoice(server, { international_code: person.internationalCode, phone_number: person.phone }, [{ title: 'ویزیت در منزل', quantity: 1, unit_price: 1_500_000 }]);
  await expectPublicPageBudget(page, invoiceLinkPath(url));
  await expect(page.getByRole('button', { name: /^پرداخت/ })).toBeVisible();
  await expect(page.locator('astro-island')).toHaveCount(0);
});

// A test result's share link (a doctor opens it from a message) is a public page with no
// framework either. The hospital files a result and the patient shares it first.
test(`a test result's share link transfers at most ${JS_BUDGET_KB} KB of scripts and no island`, async ({ page }) => {
  const server = { url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! };
  const person = { phone: newPhone(), ip: `10.253.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}`, firstName: 'سارا', lastName: 'نوری', internationalCode: newNationalCode() };
  const { token } = await registerPatient(server as RunningServer, person);
  const { key } = await fileResult(server, cbcFiling({ international_code: person.internationalCode, phone_number: person.phone }));
  const { url } = await shareResult(server, token, key);
  await expectPublicPageBudget(page, url);
  await expect(page.getByRole('heading', { level: 1, name: 'جواب آزمایش' })).toBeVisible();
  await expect(page.locator('astro-island')).toHaveCount(0);
});

/**
 * DESIGN.md §6: a page with islands transfers at most this much. Each is measured logged out (the
 * login popup opens by itself and its first step is drawn): the wallet's charge form, the patient's
 * appointments and the booking page, the service requests' form, list and request page, and the
 * test results.
 */
const ISLAND_PAGES = [
  ['/financial/charge-wallet', 'برای دیدن کیف پول خود وارد شوید'],
  ['/patient-profile/services', 'برای دیدن نوبت‌های خود وارد شوید'],
  // The booking page, logged out, showing the slots.
  ['/appointment/pre-reserve/amirhossein-salehi', 'انتخاب زمان نوبت'],
  // The patient's service requests (the form, the list, one request).
  ['/sr/request/store?service=home-injection', 'برای دیدن فرم درخواست خدمت وارد شوید'],
  ['/sr/request/list', 'برای دیدن درخواست‌های خود وارد شوید'],
  ['/sr/request/SR-AAAAAA', 'برای دیدن این درخواست وارد شوید'],
  // The invoices and one invoice (logged out, the key need not exist).
  ['/sr/invoice', 'برای دیدن صورت‌حساب‌های خود وارد شوید'],
  ['/sr/invoice/show/IN-AAAAAA', 'برای دیدن صورت‌حساب خود وارد شوید'],
  // The patient's test results (the list, or one result by `?key=`).
  ['/test-response/give-response', 'برای دیدن جواب آزمایش‌های خود وارد شوید'],
  ['/test-response/give-response?key=TR-AAAAAA', 'برای دیدن جواب آزمایش‌های خود وارد شوید'],
] as const;

/** Counts what the page's own script requests transfer (body and headers), service worker apart. */
function countScripts(page: Page): () => number {
  let total = 0;
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script' || request.serviceWorker() !== null) return;
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    total += responseBodySize + responseHeadersSize;
  });
  return () => total;
}

for (const [path, heading] of ISLAND_PAGES) {
  test(`${path} transfers at most ${ISLAND_PAGE_BUDGET_KB} KB of scripts`, async ({ page }) => {
    const total = countScripts(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    if (heading.startsWith('برای دیدن')) await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
    test.info().annotations.push({ type: 'script bytes', description: String(total()) });
    expect(total()).toBeGreaterThan(0);
    expect(total()).toBeLessThanOrEqual(ISLAND_PAGE_BUDGET_KB * 1024);
  });
}

/**
 * Each page in a fresh browser context (an empty cache), the token and the user already stored as
 * the login popup leaves them. With the token alone the page asks who it is first, and whether the
 * guard opened the login popup (loading its script) before the answer came was a race.
 */
async function loggedInContext(browser: Browser, server: { url: string }, token: string, user: unknown): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'fa-IR' });
  await context.addInitScript(
    ([bearer, stored]) => {
      localStorage.setItem('token', bearer);
      localStorage.setItem('user', stored);
    },
    [token, JSON.stringify(user)] as const,
  );
  return context;
}

const e2eServer = () => ({ url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! }) as RunningServer;

/** Loads `path` logged in and checks what its scripts transferred against the account pages' budget. */
async function weighLoggedIn(browser: Browser, login: { token: string; user: unknown }, view: { path: string; heading: string; level?: number; label?: string }) {
  const context = await loggedInContext(browser, e2eServer(), login.token, login.user);
  try {
    const page = await context.newPage();
    const total = countScripts(page);
    await page.goto(view.path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: view.heading, exact: true, ...(view.level ? { level: view.level } : {}) }).first(), view.path).toBeVisible();
    await expect(page.getByRole('dialog'), view.path).toHaveCount(0);
    test.info().annotations.push({ type: `script bytes ${view.label ?? view.path}`, description: String(total()) });
    expect(total(), view.path).toBeLessThanOrEqual(ISLAND_PAGE_BUDGET_KB * 1024);
  } finally {
    await context.close();
  }
}

/** A patient of the spec's own, registered once per worker. */
let patient: Promise<{ token: string; user: unknown; internationalCode: string; phone: string }> | undefined;
function loggedInPatient() {
  patient ??= (async () => {
    const person = {
      phone: newPhone(),
      ip: `10.251.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}`,
      firstName: 'نرگس',
      lastName: 'امینی',
      internationalCode: newNationalCode(),
    };
    const { token, user } = await registerPatient(e2eServer(), person);
    return { token, user, internationalCode: person.internationalCode, phone: person.phone };
  })();
  return patient;
}

// Logged in, the account pages draw their content (lists, forms) and load its code: the same
// budget as logged out, each page on its own.
const LOGGED_IN_PAGES = [
  ['/financial', 'کیف پول'],
  ['/financial/charge-wallet', 'شارژ کیف پول'],
  ['/patient-profile/services', 'نوبت‌های من'],
  ['/appointment/pre-reserve/amirhossein-salehi', 'انتخاب زمان نوبت'],
  ['/sr/request/store?service=home-injection', 'درخواست خدمت'],
  ['/sr/request/list', 'درخواست‌های من'],
  ['/sr/request/SR-AAAAAA', 'این درخواست پیدا نشد'],
  ['/sr/invoice', 'صورت‌حساب‌ها'],
] as const;

for (const [path, heading] of LOGGED_IN_PAGES) {
  test(`${path}, logged in, transfers at most ${ISLAND_PAGE_BUDGET_KB} KB of scripts`, async ({ browser }) => {
    await weighLoggedIn(browser, await loggedInPatient(), { path, heading });
  });
}

// The results page logged in, where the list (with the claim form) or one result (with its
// document, range bars and trends) loads after the prompt; each view loads only its own code.
test(`the test results, logged in, transfer at most ${ISLAND_PAGE_BUDGET_KB} KB of scripts in the list`, async ({ browser }) => {
  await weighLoggedIn(browser, await loggedInPatient(), { path: '/test-response/give-response', heading: 'جواب آزمایش‌ها', level: 1 });
});

test(`one test result, logged in, transfers at most ${ISLAND_PAGE_BUDGET_KB} KB of scripts`, async ({ browser }) => {
  const login = await loggedInPatient();
  const { key } = await fileResult(e2eServer(), cbcFiling({ international_code: login.internationalCode, phone_number: login.phone }));
  await weighLoggedIn(browser, login, { path: `/test-response/give-response?key=${key}`, heading: `جواب آزمایش ${key}`, level: 1, label: '/test-response/give-response?key=<key>' });
});

/**
 * DESIGN.md §6: on a first visit of a public page the service worker fetches at most
 * SW_JS_BUDGET_KB of JavaScript in the background — its own script, what it precaches and what the
 * page's warm-up stores — counted at transfer size like the page's own scripts (a file the page
 * already loaded comes from the HTTP cache and costs nothing). React, the toast renderer and
 * islands' code are not among them. Each page is opened in a fresh context, and measured once the
 * worker is active and has stored the page (`<html data-offline-ready>`).
 */
const SW_BUDGET_PAGES = ['/', '/pregnancy-timeline/12', '/sr/services', '/appointment/doctor-profile/amirhossein-salehi'];

for (const path of SW_BUDGET_PAGES) {
  test(`on a first visit of ${path} the service worker fetches at most ${SW_JS_BUDGET_KB} KB of scripts`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.PORTAL_E2E_URL, locale: 'fa-IR' });
    try {
      const fetched: Promise<{ url: string; bytes: number }>[] = [];
      context.on('requestfinished', (request) => {
        if (request.serviceWorker() === null) return;
        fetched.push(
          (async () => {
            const response = await request.response();
            const script = request.resourceType() === 'script' || /javascript/i.test((await response?.headerValue('content-type')) ?? '');
            if (!response || !script) return { url: request.url(), bytes: 0 };
            const { responseBodySize, responseHeadersSize } = await request.sizes();
            // Chromium reports no body size for the worker's own script; its encoded length is the header's.
            const body = request.resourceType() === 'script' && responseBodySize === 0 ? Number((await response.headerValue('content-length')) ?? 0) : responseBodySize;
            return { url: new URL(request.url()).pathname, bytes: body > 0 ? body + responseHeadersSize : 0 };
          })(),
        );
      });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-offline-ready', '', { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const scripts = (await Promise.all(fetched)).filter((file) => file.bytes > 0);
      const total = scripts.reduce((sum, file) => sum + file.bytes, 0);
      test.info().annotations.push({ type: 'service worker script bytes', description: `${total}: ${scripts.map((file) => `${file.url} ${file.bytes}`).join(', ')}` });
      expect(
        scripts.some((file) => file.url === '/sw.js'),
        'the worker script was counted',
      ).toBe(true);
      expect(total, JSON.stringify(scripts, null, 1)).toBeLessThanOrEqual(SW_JS_BUDGET_KB * 1024);
    } finally {
      await context.close();
    }
  });
}
