import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { type InvoiceLine, invoiceLinkPath, issueInvoice, voidInvoice } from '../support/hospital-invoice.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';
import { payAtBank } from './booking-steps.ts';
import { type ApiPatient, expect, expectMenuWallet, expectNoSevereAxe, loggedInByApi, newNationalCode, newPhone, registerByApi, registerThroughPopup, test } from './fixtures.ts';

/**
 * The patient's invoices (/sr/invoice, /sr/invoice/show/{key}) paid from
 * the wallet and/or the bank, printed, and shared as a public link (/sr/invoice/{token}) that a
 * relative opens logged out — with or without JavaScript — and pays at the sandbox bank.
 * Invoices are issued the way the hospital issues them: `POST /api/hospital/v1/invoices`.
 */

const TOKEN_URL = /\/sr\/invoice\/[A-Za-z0-9_-]{22}$/;

type Patient = ApiPatient;

/** Two lines, 2,450,000 rials to pay: 2 × 1,500,000 − 900,000 insurance − 100,000 discount, and 450,000. */
const HOME_CARE: InvoiceLine[] = [
  { title: 'ویزیت پرستار در منزل', quantity: 2, unit_price: 1_500_000, insurance_share: 900_000, discount: 100_000 },
  { title: 'پانسمان زخم', quantity: 1, unit_price: 450_000 },
];
/** One line, 800,000 rials. */
const BLOOD_TEST: InvoiceLine[] = [{ title: 'نمونه‌گیری خون در منزل', quantity: 1, unit_price: 800_000 }];

const newPatient = (): Patient => ({ phone: newPhone(), nationalCode: newNationalCode(), first: 'مریم', last: 'رضایی' });

/** The e2e server as the API helpers of tests/support know it. */
const server = () => ({ url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! }) as RunningServer;

/** The hospital issues an invoice to the patient with this national code and phone (what an HIS does). */
const issue = (patient: Patient, items: InvoiceLine[], extra: { due_at?: string } = {}) =>
  issueInvoice(server(), { international_code: patient.nationalCode, phone_number: patient.phone }, items, extra);

/** The invoice's lines as this screen shows them: the table (≥ 640 px) or the stacked lines (phones). */
const itemsShown = (page: Page) => page.locator('.invoice-table:visible, .invoice-lines:visible');

/** A logged-out visitor from another address: a relative who got the link by SMS. */
async function relative(browser: Browser, options: BrowserContextOptions = {}) {
  const n = Math.floor(Math.random() * 250) + 1;
  const context = await browser.newContext({
    baseURL: process.env.PORTAL_E2E_URL!,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.251.${Math.floor(Math.random() * 250)}.${n}` },
    ...options,
  });
  return { context, page: await context.newPage() };
}

test('the list: the unpaid total, filters kept in the address, and an invoice paid in full from the wallet', async ({ page }) => {
  const patient = newPatient();
  await page.goto('/sr/invoice');
  await expect(page.getByRole('heading', { name: 'برای دیدن صورت‌حساب‌های خود وارد شوید' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  await registerThroughPopup(page, patient.phone, { first: patient.first, last: patient.last, nationalCode: patient.nationalCode });
  await expect(page.getByRole('heading', { level: 1, name: 'صورت‌حساب‌ها' })).toBeVisible();
  await expect(page.getByText('هنوز صورت‌حسابی برای شما صادر نشده است')).toBeVisible();
  await expect(page.getByText('صورت‌حساب پرداخت‌نشده‌ای ندارید.')).toBeVisible();

  const blood = await issue(patient, BLOOD_TEST);
  const care = await issue(patient, HOME_CARE, { due_at: '2030-01-15T08:00:00Z' });
  await page.reload();
  await expect(page.locator('[data-unpaid-count]')).toHaveText('۲ صورت‌حساب');
  await expect(page.locator('[data-unpaid-total]')).toHaveText('۳٬۲۵۰٬۰۰۰ ریال (۳۲۵ هزار تومان)');
  const cards = page.locator('main article[data-invoice]');
  await expect(cards).toHaveCount(2);
  const careCard = page.locator(`article[data-invoice="${care.key}"]`);
  await expect(careCard).toContainText('پرداخت‌نشده');
  await expect(careCard).toContainText('۲٬۴۵۰٬۰۰۰ ریال');
  // The due date, Jalali: 15 January 2030 is 26 Dey 1408.
  await expect(careCard).toContainText('۲۶ دی ۱۴۰۸');
  await expectNoSevereAxe(page);

  // The filter is a tab and lives in the address; Back returns to the previous one.
  await page.getByRole('tab', { name: 'پرداخت‌شده' }).click();
  await expect(page).toHaveURL(/\/sr\/invoice\?status=paid$/);
  await expect(page.getByText('هنوز صورت‌حسابی پرداخت نکرده‌اید.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'همه' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards).toHaveCount(2);

  // 1,000,000 rials in the wallet through the sandbox bank, then the 800,000 invoice from it.
  await chargeWallet(server(), (await page.evaluate(() => localStorage.getItem('token')))!, 1_000_000);
  await page.locator(`article[data-invoice="${blood.key}"]`).getByRole('link', { name: 'مشاهده و پرداخت' }).click();
  await expect(page).toHaveURL(new RegExp(`/sr/invoice/show/${blood.key}$`));
  await expect(page.getByRole('heading', { level: 1, name: `صورت‌حساب ${blood.key}` })).toBeVisible();
  await expect(itemsShown(page)).toContainText('نمونه‌گیری خون در منزل');
  await expect(page.locator('[data-invoice-patient]')).toHaveText('مریم رضایی');
  await expect(page.locator('[data-pay-wallet]')).toHaveText('۱٬۰۰۰٬۰۰۰ ریال');
  const useWallet = page.getByRole('checkbox', { name: 'استفاده از کیف پول' });
  await expect(useWallet).toBeChecked();
  await expectNoSevereAxe(page);
  // Unticked, it would all go to the bank; ticked again, the wallet covers it.
  await useWallet.uncheck();
  await expect(page.getByRole('button', { name: 'پرداخت ۸۰۰٬۰۰۰ ریال از درگاه بانک' })).toBeVisible();
  await useWallet.check();
  await page.getByRole('button', { name: 'پرداخت ۸۰۰٬۰۰۰ ریال از کیف پول' }).click();

  await expect(page.locator('[data-paid-notice]')).toBeVisible();
  await expect(page.locator('.invoice-document [data-status]')).toHaveText('پرداخت‌شده');
  await expect(page.locator('[data-paid-how]')).toHaveText('از کیف پول');
  await expect(page.getByRole('region', { name: 'پرداخت صورت‌حساب' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ساختن پیوند پرداخت' })).toHaveCount(0);
  // The header's user menu shows the wallet as the ledger has it now.
  await expectMenuWallet(page, '۲۰۰٬۰۰۰ ریال');

  await page.goto('/sr/invoice?status=paid');
  await expect(page.locator('[data-unpaid-count]')).toHaveText('۱ صورت‌حساب');
  await expect(page.locator('[data-unpaid-total]')).toHaveText('۲٬۴۵۰٬۰۰۰ ریال (۲۴۵ هزار تومان)');
  await expect(cards).toHaveCount(1);
  await expect(page.locator(`article[data-invoice="${blood.key}"]`)).toContainText('پرداخت‌شده');
});

test('wallet and bank together: an open payment is offered again, and the receipt leads back to the paid invoice', async ({ page }) => {
  const patient = newPatient();
  const token = await loggedInByApi(page, patient);
  await chargeWallet(server(), token, 1_000_000);
  const care = await issue(patient, HOME_CARE);
  await page.goto(`/sr/invoice/show/${care.key}`);
  await expect(itemsShown(page)).toContainText('ویزیت پرستار در منزل');
  await expect(itemsShown(page)).toContainText('۹۰۰٬۰۰۰');
  await expect(page.locator('.invoice-totals')).toContainText('۳٬۴۵۰٬۰۰۰ ریال');
  await expect(page.locator('[data-invoice-payable]')).toHaveText('۲٬۴۵۰٬۰۰۰ ریال');
  await page.getByRole('button', { name: 'پرداخت ۱٬۴۵۰٬۰۰۰ ریال از درگاه بانک' }).click();
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت اینترنتی' })).toBeVisible();
  await expect(page.locator('[data-amount]')).toHaveText('۱٬۴۵۰٬۰۰۰ ریال');

  // The patient left the bank without paying: the invoice says a payment is open and offers it again.
  await page.goto(`/sr/invoice/show/${care.key}`);
  const open = page.locator('[data-open-payment]');
  await expect(open).toContainText('پرداخت در درگاه بانک نیمه‌تمام است');
  await expect(open).toContainText('۱٬۰۰۰٬۰۰۰ ریال از کیف پول شما برای آن کنار گذاشته شده است');
  await expect(open).toContainText('منتظر آن می‌مانیم');
  await open.getByRole('link', { name: 'ادامهٔ پرداخت در بانک' }).click();
  await payAtBank(page);

  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
  await expect(page.locator('[data-invoice-paid]')).toHaveText(`صورت‌حساب ${care.key} پرداخت شد`);
  await page.getByRole('link', { name: 'مشاهدهٔ صورت‌حساب' }).click();
  await expect(page).toHaveURL(new RegExp(`/sr/invoice/show/${care.key}$`));
  await expect(page.locator('.invoice-document [data-status]')).toHaveText('پرداخت‌شده');
  await expect(page.locator('[data-paid-how]')).toHaveText('۱٬۰۰۰٬۰۰۰ ریال از کیف پول و ۱٬۴۵۰٬۰۰۰ ریال از درگاه بانک');
  await expect(page.locator('.invoice-document')).toContainText('تاریخ پرداخت');
});

test('a shared link: a relative sees the invoice with the name masked and pays it at the bank without logging in', async ({ page, browser, browserName }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const care = await issue(patient, HOME_CARE);
  await page.goto(`/sr/invoice/show/${care.key}`);
  const share = page.getByRole('region', { name: 'پرداخت به دست دیگری' });
  await expect(share).toContainText('بدون ورود به حساب');
  await share.getByRole('button', { name: 'ساختن پیوند پرداخت' }).click();
  const field = share.getByLabel('پیوند پرداخت');
  await expect(field).toHaveValue(TOKEN_URL);
  const link = await field.inputValue();
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  if (browserName === 'chromium') {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await share.getByRole('button', { name: 'کپی پیوند' }).click();
    await expect(share.getByRole('status')).toHaveText(/پیوند کپی شد/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }
  await expectNoSevereAxe(page);

  const { context, page: other } = await relative(browser);
  try {
    const tracked = other.waitForRequest((request) => request.url().endsWith('/api/app/track-visit'));
    const opened = await other.goto(link);
    expect(opened?.status()).toBe(200);
    const headers = opened!.headers();
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(other.getByRole('heading', { level: 1, name: `صورت‌حساب ${care.key}` })).toBeVisible();
    await expect(other.locator('[data-invoice-patient]')).toHaveText('م*** ر***');
    await expect(itemsShown(other)).toContainText('پانسمان زخم');
    const text = await other.locator('body').innerText();
    for (const secret of [patient.nationalCode, toPersianDigits(patient.nationalCode), patient.phone, toPersianDigits(patient.phone), patient.first, patient.last]) {
      expect(text).not.toContain(secret);
    }
    // Visit tracking names the page, never the token (the server keeps only its hash).
    expect((await tracked).postDataJSON().path).toBe('/sr/invoice/:token');
    await expectNoSevereAxe(other);

    await other.getByRole('button', { name: 'پرداخت ۲٬۴۵۰٬۰۰۰ ریال' }).click();
    await payAtBank(other);
    await expect(other.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
    await expect(other.locator('[data-invoice-paid]')).toHaveText(`صورت‌حساب ${care.key} پرداخت شد`);
    const receipt = await other.locator('main').innerText();
    for (const secret of [patient.first, patient.last, 'م***']) expect(receipt).not.toContain(secret);
    await expect(other.getByRole('link', { name: 'رفتن به صفحهٔ اصلی' })).toHaveAttribute('href', '/');

    // The link now says it is paid and offers no payment; posting to it anyway is refused.
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'این صورت‌حساب پرداخت شده است' })).toBeVisible();
    await expect(other.getByRole('button', { name: /^پرداخت/ })).toHaveCount(0);
    const late = await other.request.post(link, { form: {}, headers: { origin: new URL(link).origin }, maxRedirects: 0 });
    expect(late.status()).toBe(409);
    expect(await late.text()).toContain('این صورت‌حساب پیش‌تر پرداخت شده است');
  } finally {
    await context.close();
  }

  // The patient sees how it was paid; the link settled the invoice, not the wallet.
  await page.reload();
  await expect(page.locator('.invoice-document [data-status]')).toHaveText('پرداخت‌شده');
  await expect(page.locator('[data-paid-how]')).toHaveText('با پیوند پرداخت، از درگاه بانک');
  const wallet = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } });
  expect(((await wallet.json()) as { data: { balance: number } }).data.balance).toBe(0);
});

test('the live link is listed on the invoice page and revoked there: it opens nothing any more', async ({ page, browser }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const care = await issue(patient, BLOOD_TEST);
  await page.goto(`/sr/invoice/show/${care.key}`);
  const share = page.getByRole('region', { name: 'پرداخت به دست دیگری' });
  await share.getByRole('button', { name: 'ساختن پیوند پرداخت' }).click();
  // The link the hospital sent by SMS, not a new one.
  await expect(share.getByLabel('پیوند پرداخت')).toHaveValue(new URL(invoiceLinkPath(care.url), process.env.PORTAL_E2E_URL!).href);
  const live = share.locator('[data-share]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('پیامک بیمارستان');
  await live.getByRole('button', { name: 'باطل کردن' }).click();
  const dialog = page.getByRole('dialog', { name: 'باطل کردن پیوند' });
  await dialog.getByRole('button', { name: 'بله، باطل شود' }).click();
  await expect(dialog).toBeHidden();
  await expect(live).toHaveCount(0);
  await expect(share.getByLabel('پیوند پرداخت')).toHaveCount(0);

  const { context, page: other } = await relative(browser);
  try {
    expect((await other.goto(invoiceLinkPath(care.url)))?.status()).toBe(404);
  } finally {
    await context.close();
  }
});

test("the relative pays first: the patient's own bank payment, arriving later, goes to the wallet and the receipt says so", async ({ page, browser }) => {
  const patient = newPatient();
  const token = await loggedInByApi(page, patient);
  const care = await issue(patient, HOME_CARE);
  await page.goto(`/sr/invoice/show/${care.key}`);
  await page.getByRole('button', { name: 'پرداخت ۲٬۴۵۰٬۰۰۰ ریال از درگاه بانک' }).click();
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت اینترنتی' })).toBeVisible();

  // Meanwhile a relative pays the whole invoice through its link.
  const { context, page: other } = await relative(browser);
  try {
    await other.goto(invoiceLinkPath(care.url));
    await other.getByRole('button', { name: 'پرداخت ۲٬۴۵۰٬۰۰۰ ریال' }).click();
    await payAtBank(other);
    await expect(other.locator('[data-invoice-paid]')).toHaveText(`صورت‌حساب ${care.key} پرداخت شد`);
  } finally {
    await context.close();
  }

  await payAtBank(page);
  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
  await expect(page.locator('[data-credited-to-wallet]')).toContainText(`صورت‌حساب ${care.key} پیش از رسیدن پرداخت شما تسویه شده بود`);
  await expect(page.locator('[data-invoice-paid]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'رفتن به کیف پول' })).toBeVisible();
  await page.getByRole('link', { name: 'مشاهدهٔ صورت‌حساب' }).click();
  await expect(page.locator('[data-paid-how]')).toHaveText('با پیوند پرداخت، از درگاه بانک');
  const wallet = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  expect(((await wallet.json()) as { data: { available: number } }).data.available).toBe(2_450_000);
});

test('without JavaScript the public link works all the way to the bank and back', async ({ browser, request }) => {
  const patient = newPatient();
  await registerByApi(request, patient);
  const { url } = await issue(patient, BLOOD_TEST);
  const link = invoiceLinkPath(url);
  expect(link).toMatch(TOKEN_URL);
  const { context, page } = await relative(browser, { javaScriptEnabled: false });
  try {
    await page.goto(link);
    await expect(page.locator('[data-invoice-patient]')).toHaveText('م*** ر***');
    await expect(page.locator('[data-invoice-payable]')).toHaveText('۸۰۰٬۰۰۰ ریال');
    await page.getByRole('button', { name: 'پرداخت ۸۰۰٬۰۰۰ ریال' }).click();
    await payAtBank(page);
    await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
    await expect(page.locator('[data-invoice-paid]')).toContainText('پرداخت شد');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'این صورت‌حساب پرداخت شده است' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a void invoice shows its reason to the patient, and its link no longer pays', async ({ page, browser }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const care = await issue(patient, HOME_CARE);
  await voidInvoice(server(), care.key, 'خدمت به درخواست بیمار لغو شد');
  await page.goto(`/sr/invoice/show/${care.key}`);
  await expect(page.locator('.invoice-document [data-status]')).toHaveText('باطل‌شده');
  await expect(page.locator('[data-void-reason]')).toHaveText('علت ابطال: خدمت به درخواست بیمار لغو شد');
  await expect(page.getByRole('button', { name: /^پرداخت/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ساختن پیوند پرداخت' })).toHaveCount(0);
  await page.goto('/sr/invoice');
  await expect(page.locator(`article[data-invoice="${care.key}"]`)).toContainText('خدمت به درخواست بیمار لغو شد');
  await expect(page.getByText('صورت‌حساب پرداخت‌نشده‌ای ندارید.')).toBeVisible();

  const { context, page: other } = await relative(browser);
  try {
    await other.goto(invoiceLinkPath(care.url));
    await expect(other.getByRole('heading', { name: 'این صورت‌حساب باطل شده است' })).toBeVisible();
    await expect(other.getByRole('button', { name: /^پرداخت/ })).toHaveCount(0);
    const late = await other.request.post(invoiceLinkPath(care.url), { form: {}, headers: { origin: new URL(other.url()).origin }, maxRedirects: 0 });
    expect(late.status()).toBe(409);
    expect(await late.text()).toContain('این صورت‌حساب باطل شده است و پرداخت نمی‌شود');
  } finally {
    await context.close();
  }
});

test('a link that is pressed again and again: after three open bank payments the page says to wait, with 429', async ({ browser, request }) => {
  const patient = newPatient();
  await registerByApi(request, patient);
  const { url } = await issue(patient, BLOOD_TEST);
  const { context, page } = await relative(browser);
  try {
    const link = invoiceLinkPath(url);
    const origin = new URL(process.env.PORTAL_E2E_URL!).origin;
    for (let n = 0; n < 3; n++) {
      const started = await page.request.post(link, { form: {}, headers: { origin }, maxRedirects: 0 });
      expect(started.status()).toBe(303);
      expect(started.headers().location).toMatch(/^\/go-to-bank\?payment=[A-Za-z0-9_-]{22}$/);
    }
    const refused = await page.request.post(link, { form: {}, headers: { origin }, maxRedirects: 0 });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await refused.text()).toContain('چند پرداخت نیمه‌تمام دارید؛ چند دقیقه بعد دوباره تلاش کنید');
  } finally {
    await context.close();
  }
});

test('an unknown or malformed link answers a Persian 404 page, and so does an invoice key of the wrong shape', async ({ page }) => {
  for (const link of ['/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA', '/sr/invoice/not-a-token']) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(404);
    await expect(page.getByRole('heading', { name: 'پیوند پرداخت پیدا نشد' })).toBeVisible();
    await expect(page.getByText('این پیوند پرداخت معتبر نیست')).toBeVisible();
  }
  expect((await page.goto('/sr/invoice/show/nothing'))?.status()).toBe(404);
});

test('print: the invoice alone, black on white, on A4 with the table or on an 80 mm receipt with the lines stacked', async ({ page }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const care = await issue(patient, HOME_CARE);
  await page.addInitScript(() => localStorage.setItem('dark', 'true'));
  await page.goto(`/sr/invoice/show/${care.key}`);
  await expect(page.locator('.invoice-document')).toBeVisible();
  await expect(page.getByRole('button', { name: 'چاپ' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // Only the document: no site header, menus, footer, title or actions.
  for (const selector of ['body > header', 'body > footer', 'h1', '#invoice-pay', '[aria-labelledby="share-title"]', '[aria-labelledby="print-title"]']) {
    await expect(page.locator(selector).first(), selector).toBeHidden();
  }
  await expect(page.locator('.invoice-table')).toBeVisible();
  await expect(page.locator('.invoice-lines')).toBeHidden();
  const colours = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const sheet = getComputedStyle(document.querySelector('.invoice-document')!);
    return { ink: body.color, page: body.backgroundColor, sheet: sheet.backgroundColor };
  });
  expect(colours).toEqual({ ink: 'rgb(0, 0, 0)', page: 'rgb(255, 255, 255)', sheet: 'rgb(255, 255, 255)' });

  // The receipt roll, chosen before printing.
  await page.emulateMedia({ media: 'screen' });
  await page.getByText('رسید ۸۰ میلی‌متری').click();
  await expect(page.locator('html')).toHaveAttribute('data-paper', 'receipt');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.invoice-table')).toBeHidden();
  await expect(page.locator('.invoice-lines')).toBeVisible();
  await expect(page.locator('.invoice-lines')).toContainText('ویزیت پرستار در منزل');
  await page.emulateMedia({ media: 'screen' });
  await page.getByText('برگهٔ A4').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-paper', /./);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no invoice page scrolls sideways and every control is at least 44 px high', async ({ page }) => {
    const patient = newPatient();
    await loggedInByApi(page, patient);
    const care = await issue(patient, HOME_CARE);
    for (const [address, heading] of [
      ['/sr/invoice', 'صورت‌حساب‌ها'],
      [`/sr/invoice/show/${care.key}`, `صورت‌حساب ${care.key}`],
      [invoiceLinkPath(care.url), `صورت‌حساب ${care.key}`],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(375);
      const small = await page
        .locator('main')
        .locator('button:visible, a:visible, input:visible, select:visible')
        // A checkbox or radio is pressed through its label, which is the target that counts.
        .evaluateAll((elements) => elements.filter((element) => (element.closest('label') ?? element).getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)));
      expect(small, address).toEqual([]);
    }
  });
});
