import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { SERVICE_REQUEST_HORIZON_DAYS, SERVICE_REQUEST_STATUS_NAMES, type ServiceRequest } from '../../src/lib/api/contracts/service-requests.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { formatRial } from '../../src/lib/format/number.ts';
import { SERVICE_WINDOWS, type ServiceWindow } from '../../src/lib/services/names.ts';
import { portalAreas, shown } from '../../src/lib/site/areas.ts';
import { validationMessages as M } from '../../src/lib/validation/messages.ts';
import { prescriptionCodeMessages } from '../../src/lib/validation/prescription.ts';
import { addressMessages } from '../../src/lib/validation/request-text.ts';
import { serviceRequestMessages } from '../../src/server/service-requests/messages.ts';
import { registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { expect, expectNoSevereAxe, newNationalCode, newPhone, pickJalaliDay, registerThroughPopup, test } from './fixtures.ts';

/**
 * The patient's service requests. The form (/sr/request/store) with the
 * contract's own rules and messages on the client, the request's page (/sr/request/{key}) with its
 * history and the cancel, and the list (/sr/request/list) with the status filter and pages in the
 * address. What the patient does happens in the page; lists of many requests are made through the API.
 */

// Some tests answer for the server (page.route), which a service worker's fetches would bypass.
test.use({ serviceWorkers: 'block' });

const server = { url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! } as RunningServer;
const SERVICE_ID = 'home-injection';
/** The catalogue's entry, as the form shows it. */
const service = JSON.parse(readFileSync(new URL(`../../src/content/services/${SERVICE_ID}.json`, import.meta.url), 'utf8')) as {
  name: string;
  price_min_rial: number;
  price_max_rial: number;
  lead_time: string;
  prepare: string[];
  windows: ServiceWindow[];
};
const windowText = (window: ServiceWindow) => `${SERVICE_WINDOWS[window].name} (${SERVICE_WINDOWS[window].hours})`;
const STORE = `/sr/request/store?service=${SERVICE_ID}`;
const ADDRESS = 'تهران، خیابان ولیعصر، کوچهٔ بهار، پلاک ۱۲، واحد ۳';

let ipCounter = 0;
const newIp = () => `10.${200 + (process.pid % 50)}.${Math.floor(Math.random() * 250)}.${(ipCounter++ % 250) + 1}`;

async function api<T>(path: string, token: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(`/api/${path}`, server.url), {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': newIp() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A patient registered through the API, logged in on this page's browser; answers the token. */
async function loggedInPatient(page: Page): Promise<string> {
  const { token } = await registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'لیلا', lastName: 'سعیدی', internationalCode: newNationalCode() });
  const { body } = await api<{ user: unknown }>('user/info', token, { method: 'POST' });
  await page.addInitScript(
    ([storedToken, user]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', user);
    },
    [token, JSON.stringify(body.user)] as const,
  );
  return token;
}

/** A Tehran day `days` from today, `YYYY-MM-DD`. */
function tehranDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });
  return day;
}

async function fileThroughApi(token: string, extra: Record<string, unknown> = {}): Promise<ServiceRequest> {
  const { status, body } = await api<{ data: ServiceRequest }>('service-requests', token, {
    method: 'POST',
    body: { service_id: SERVICE_ID, phone: '09121234567', address: ADDRESS, preferred_date: tehranDay(3), preferred_window: service.windows[0], ...extra },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data;
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('request a service for someone else with a landline, see the rules, land on the request, find it in the list, filter, and cancel it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const phone = newPhone();

  // Logged out: the guard, and the login popup opens by itself.
  await page.goto(STORE);
  await expect(page.getByRole('heading', { name: 'برای دیدن فرم درخواست خدمت وارد شوید' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  await registerThroughPopup(page, phone, { first: 'مینا', last: 'رحیمی', nationalCode: newNationalCode() });
  await expect(page.getByRole('heading', { level: 1, name: 'درخواست خدمت' })).toBeVisible();

  // ?service= chose the service; its price range, lead time and what to prepare are shown.
  await expect(page.getByLabel('چه خدمتی لازم دارید؟')).toHaveValue(SERVICE_ID);
  const info = page.locator('[data-service-info]');
  await expect(info.locator('[data-price]')).toHaveText(`${formatRial(service.price_min_rial)} تا ${formatRial(service.price_max_rial)}`);
  await expect(info).toContainText(service.lead_time);
  for (const item of service.prepare) await expect(info).toContainText(item);
  // The contact number starts as the account's mobile.
  await expect(page.getByLabel('شمارهٔ تماس')).toHaveValue(toPersianDigits(phone));
  await expectNoSideScroll(page);

  // For someone else; every rule on the client, with the server's Persian messages.
  await page.getByText('برای شخص دیگر').click();
  await page.getByLabel('نام', { exact: true }).fill('رضا');
  await page.getByLabel('نام خانوادگی').fill('کریمی');
  await page.getByLabel('کد ملی').fill('1111111111');
  await page.getByLabel('شمارهٔ تماس').fill('12345');
  await page.getByLabel('نشانی محل خدمت').fill('Vali-asr street, No 12');
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page.getByText(M.nationalCode)).toBeVisible();
  await expect(page.getByLabel('کد ملی')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(M.phoneAndHomePhone)).toBeVisible();
  await expect(page.getByText(addressMessages.persian)).toBeVisible();
  await expect(page.getByText('روز دلخواه را انتخاب کنید')).toBeVisible();
  await expect(page.getByText('بازهٔ زمانی را انتخاب کنید')).toBeVisible();
  // Nothing was sent.
  await expect(page).toHaveURL(/\/sr\/request\/store/);

  // A forbidden word in the address is refused with its message; the count follows the text.
  await page.getByLabel('نشانی محل خدمت').fill(`${ADDRESS}، همسایهٔ احمق`);
  await expect(page.getByText(M.forbiddenWord)).toBeVisible();
  await page.getByLabel('نشانی محل خدمت').fill(ADDRESS);
  await expect(page.getByText(M.forbiddenWord)).toHaveCount(0);
  await expect(page.locator('[data-count]').first()).toHaveText(`${toPersianDigits(ADDRESS.length)} از ۳۰۰ نویسه`);

  const nationalCode = newNationalCode();
  await page.getByLabel('کد ملی').fill(nationalCode);
  await expect(page.getByText(M.nationalCode)).toHaveCount(0);
  // A landline, with spaces and a dash as people write it.
  await page.getByLabel('شمارهٔ تماس').fill('021 8877-6655');
  await expect(page.getByText(M.phoneAndHomePhone)).toHaveCount(0);
  await page.getByRole('button', { name: /روز دلخواه/ }).click();
  await pickJalaliDay(page, { months: 1, day: 10 });
  const window = service.windows.at(-1)!;
  await page.getByText(windowText(window)).click();
  await page.getByLabel('توضیحات برای بیمارستان (اختیاری)').fill('طبقهٔ سوم، آسانسور دارد.');
  await expectNoSideScroll(page);
  await expectNoSevereAxe(page);

  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page).toHaveURL(/\/sr\/request\/SR-[0-9A-Z]{6}$/);
  const key = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.locator('.Toastify__toast', { hasText: 'درخواست شما ثبت شد' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: service.name })).toBeVisible();
  await expect(page.locator('main [data-status]').first()).toHaveText(SERVICE_REQUEST_STATUS_NAMES.submitted);
  const facts = page.locator('main dl').first();
  await expect(facts).toContainText('رضا کریمی');
  await expect(facts).toContainText(`(کد ملی ${toPersianDigits(`******${nationalCode.slice(-4)}`)})`);
  await expect(facts).toContainText(toPersianDigits('02188776655'));
  await expect(facts).toContainText(ADDRESS);
  await expect(facts).toContainText(windowText(window));
  await expect(facts).toContainText('طبقهٔ سوم، آسانسور دارد.');
  const history = page.locator('[data-timeline] > li');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(SERVICE_REQUEST_STATUS_NAMES.submitted);
  await expect(history.first()).toContainText('از سوی شما');
  await expect(history.first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('هنوز صورت‌حسابی برای این درخواست صادر نشده است', { exact: false })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSevereAxe(page);

  // The list has it; the status filter lives in the address.
  await page.goto('/sr/request/list');
  await expect(page.getByRole('heading', { level: 1, name: 'درخواست‌های من' })).toBeVisible();
  const card = page.locator(`[data-request="${key}"]`);
  await expect(card).toContainText(service.name);
  await expect(card).toContainText('رضا کریمی');
  await expect(card.locator('[data-status]')).toHaveText(SERVICE_REQUEST_STATUS_NAMES.submitted);
  await expectNoSideScroll(page);
  await expectNoSevereAxe(page);
  await page.getByLabel('وضعیت درخواست').selectOption('cancelled');
  await expect(page).toHaveURL(/\/sr\/request\/list\?status=cancelled$/);
  await expect(page.getByText('درخواستی با وضعیت «لغو شده» ندارید.')).toBeVisible();
  await page.getByLabel('وضعیت درخواست').selectOption('submitted');
  await expect(page).toHaveURL(/\?status=submitted$/);
  await expect(card).toBeVisible();
  // Back returns to the previous filter.
  await page.goBack();
  await expect(page.getByLabel('وضعیت درخواست')).toHaveValue('cancelled');
  await expect(card).toHaveCount(0);
  await page.goForward();
  await expect(card).toBeVisible();

  // Cancel from its page, after a «no» first.
  await card.getByRole('link', { name: /جزئیات و پیگیری/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sr/request/${key}$`));
  await page.getByRole('button', { name: 'لغو درخواست' }).click();
  const dialog = page.getByRole('dialog', { name: 'لغو درخواست' });
  await expect(dialog).toContainText(key);
  await expectNoSevereAxe(page);
  await dialog.getByRole('button', { name: 'نه، بماند' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'لغو درخواست' })).toBeFocused();
  await page.getByRole('button', { name: 'لغو درخواست' }).click();
  await dialog.getByRole('button', { name: 'بله، لغو شود' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'درخواست لغو شد.' })).toBeVisible();
  await expect(page.locator('main [data-status]').first()).toHaveText(SERVICE_REQUEST_STATUS_NAMES.cancelled);
  await expect(history).toHaveCount(2);
  await expect(history.last()).toContainText(SERVICE_REQUEST_STATUS_NAMES.cancelled);
  await expect(page.getByRole('button', { name: 'لغو درخواست' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('main [data-status]').first()).toHaveText(SERVICE_REQUEST_STATUS_NAMES.cancelled);

  await page.goto('/sr/request/list?status=cancelled');
  await expect(card.locator('[data-status]')).toHaveText(SERVICE_REQUEST_STATUS_NAMES.cancelled);
});

test('a second request: the last address in one tap, the e-prescription code and a photo without its location; the page shows them, then the visit and the invoice to pay', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const token = await loggedInPatient(page);
  const first = await fileThroughApi(token);

  await page.goto(STORE);
  await expect(page.getByRole('heading', { level: 1, name: 'درخواست خدمت' })).toBeVisible();
  // The first request's address and phone, offered with one tap.
  const saved = page.getByRole('button', { name: new RegExp(ADDRESS) });
  await expect(saved).toHaveAttribute('aria-pressed', 'false');
  await saved.click();
  await expect(page.getByLabel('نشانی محل خدمت')).toHaveValue(ADDRESS);
  // Number fields show Persian digits and send Latin ones.
  await expect(page.getByLabel('شمارهٔ تماس')).toHaveValue(toPersianDigits(first.phone));
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  // The tracking code: the shared rule's message, then a code typed in Persian digits.
  const code = page.getByLabel('کد رهگیری نسخهٔ الکترونیک (اختیاری)');
  await code.fill('12');
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page.getByText(prescriptionCodeMessages.format)).toBeVisible();
  await code.fill('۱۲۳۴۵');
  await expect(page.getByText(prescriptionCodeMessages.format)).toHaveCount(0);

  // Files: an SVG is refused at once; an HTML page calling itself a PDF is refused by the server; a photo goes up.
  const picker = page.getByLabel('افزودن عکس یا PDF');
  const attached = page.getByRole('list', { name: 'فایل‌های پیوست' }).getByRole('listitem');
  await picker.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(attached.first()).toContainText('فقط عکس JPEG یا PNG یا WebP، یا فایل PDF پذیرفته می‌شود');
  await picker.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
  await expect(attached.nth(1)).toContainText('فقط عکس JPEG یا PNG یا WebP، یا فایل PDF پذیرفته می‌شود');
  await attached.first().getByRole('button', { name: 'حذف logo.svg' }).click();
  await attached.first().getByRole('button', { name: 'حذف scan.pdf' }).click();
  await expect(attached).toHaveCount(0);
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#ddeeff' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '51/1 25/1 0/1' } })
    .toBuffer();
  await picker.setInputFiles({ name: 'نسخه.jpeg', mimeType: 'image/jpeg', buffer: photo });
  await expect(attached.first()).toContainText('بارگذاری شد');
  await page.getByRole('button', { name: /روز دلخواه/ }).click();
  await pickJalaliDay(page, { months: 1, day: 12 });
  await page.getByText(windowText(service.windows[0]!)).click();
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page).toHaveURL(/\/sr\/request\/SR-[0-9A-Z]{6}$/);
  const key = new URL(page.url()).pathname.split('/').at(-1)!;

  // The request's page: the code, the file (its download has no EXIF), and no visit time yet.
  await expect(page.locator('[data-prescription-code]')).toHaveText('۱۲۳۴۵');
  await expect(page.locator('[data-request-visit]')).toContainText('زمان مراجعه هنوز تعیین نشده است');
  const file = page.locator('[data-request-file]');
  await expect(file).toHaveCount(1);
  await expect(file).toContainText('نسخه.jpg');
  await expect(file).toContainText('کیلوبایت');
  const [download] = await Promise.all([page.waitForEvent('download'), file.getByRole('button', { name: 'دریافت نسخه.jpg' }).click()]);
  expect(download.suggestedFilename()).toBe('نسخه.jpg');
  const saved_ = readFileSync((await download.path())!);
  expect((await sharp(saved_).metadata()).exif).toBeUndefined();
  expect(saved_.includes('PhoneMaker')).toBe(false);
  await expectNoSideScroll(page);
  await expectNoSevereAxe(page);

  // The hospital sets the visit and issues an invoice: the visit at the top, the invoice with its amount, status and pay link.
  const hospitalKey = readFileSync(path.join(server.dataDir, 'hospital-cli-key'), 'utf8').trim();
  const hospital = (apiPath: string, data: object) =>
    request.post(`/api/hospital/v1${apiPath}`, { headers: { authorization: `Bearer ${hospitalKey}`, 'idempotency-key': `${key}-${apiPath}` }, data });
  const visit = new Date(Date.now() + 5 * 86_400_000);
  visit.setUTCHours(6, 30, 0, 0);
  expect((await hospital(`/service-requests/${key}/status`, { status: 'scheduled', scheduled_at: visit.toISOString() })).status()).toBe(200);
  const { body: me } = await api<{ user: { international_code: string; phone_number: string } }>('user/info', token, { method: 'POST' });
  const issued = await hospital('/invoices', {
    patient: { international_code: me.user.international_code, phone_number: me.user.phone_number },
    service_request_key: key,
    items: [{ title: 'تزریق عضلانی', quantity: 1, unit_price: 2_900_000 }],
  });
  expect(issued.status()).toBe(201);
  const invoiceKey = ((await issued.json()) as { data: { key: string } }).data.key;
  await page.reload();
  await expect(page.locator('[data-request-visit]')).toContainText('زمان مراجعهٔ تعیین‌شده');
  await expect(page.locator('[data-request-visit] time')).toHaveAttribute('datetime', visit.toISOString());
  const invoice = page.locator(`[data-request-invoice="${invoiceKey}"]`);
  await expect(invoice).toContainText('۲٬۹۰۰٬۰۰۰ ریال');
  await expect(invoice.locator('[data-status]')).toHaveText('پرداخت‌نشده');
  const pay = invoice.getByRole('link', { name: new RegExp(`^پرداخت ۲٬۹۰۰٬۰۰۰ ریال صورت‌حساب ${invoiceKey}$`) });
  await expect(pay).toHaveAttribute('href', `/sr/invoice/show/${invoiceKey}`);
  await expectNoSideScroll(page);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/sr/invoice/show/${invoiceKey}$`));
});

test('the server’s field errors land on the fields (a day past the 60-day horizon)', async ({ page }) => {
  await loggedInPatient(page);
  await page.goto(STORE);
  await page.getByLabel('نشانی محل خدمت').fill(ADDRESS);
  await page.getByRole('button', { name: /روز دلخواه/ }).click();
  await pickJalaliDay(page, { months: 1, day: 10 });
  await page.getByText(windowText(service.windows[0]!)).click();
  // The calendar offers no day past the horizon; the body is changed on its way, as a hand-made call would be.
  await page.route('**/api/service-requests', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, preferred_date: tehranDay(90) }) });
  });
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page.getByText(serviceRequestMessages.tooFar(SERVICE_REQUEST_HORIZON_DAYS))).toBeVisible();
  await expect(page).toHaveURL(/\/sr\/request\/store/);
  // No toast: the message is on the field.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});

test('a session that ended keeps the form and opens the login popup', async ({ page }) => {
  const token = await loggedInPatient(page);
  await page.goto(STORE);
  await page.getByLabel('نشانی محل خدمت').fill(ADDRESS);
  await page.getByRole('button', { name: /روز دلخواه/ }).click();
  await pickJalaliDay(page, { months: 1, day: 10 });
  await page.getByText(windowText(service.windows[0]!)).click();
  expect((await api('auth/logout', token, { method: 'POST' })).status).toBe(200);
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
  await expect(page.getByLabel('نشانی محل خدمت')).toHaveValue(ADDRESS);
});

test('the request page: not found for an unknown key, a key of another shape and someone else’s request', async ({ page, browser }) => {
  const { token: ownerToken } = await registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'سارا', lastName: 'نادری', internationalCode: newNationalCode() });
  const theirs = await fileThroughApi(ownerToken);
  await loggedInPatient(page);
  for (const path of ['/sr/request/SR-000000', `/sr/request/${theirs.key}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'این درخواست پیدا نشد' })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
  const odd = await page.goto('/sr/request/not-a-key');
  expect(odd?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'این درخواست پیدا نشد' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'درخواست‌های من' }).last()).toHaveAttribute('href', '/sr/request/list');
  await expectNoSevereAxe(page);

  // Its owner sees it.
  const context = await browser.newContext({ baseURL: server.url });
  const owner = await context.newPage();
  const { body } = await api<{ user: unknown }>('user/info', ownerToken, { method: 'POST' });
  await owner.addInitScript(
    ([storedToken, user]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', user);
    },
    [ownerToken, JSON.stringify(body.user)] as const,
  );
  await owner.goto(`/sr/request/${theirs.key}`);
  await expect(owner.getByRole('heading', { level: 1, name: service.name })).toBeVisible();
  await context.close();
});

test('a cancel the hospital overtook shows the server’s message and leaves only «close»', async ({ page }) => {
  const token = await loggedInPatient(page);
  const request = await fileThroughApi(token);
  await page.goto(`/sr/request/${request.key}`);
  // The hospital schedules it while the dialog is open: the server answers 409 with its message.
  await page.route(`**/api/service-requests/${request.key}/cancel`, (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: serviceRequestMessages.notCancellable }) }),
  );
  await page.getByRole('button', { name: 'لغو درخواست' }).click();
  const dialog = page.getByRole('dialog', { name: 'لغو درخواست' });
  await dialog.getByRole('button', { name: 'بله، لغو شود' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(serviceRequestMessages.notCancellable);
  await expect(dialog.getByRole('button', { name: 'بله، لغو شود' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'بستن' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/sr/request/${request.key}$`));
});

test('the list: empty state, a failed load with retry, and pages kept in the address', async ({ page }) => {
  const token = await loggedInPatient(page);
  await page.goto('/sr/request/list');
  await expect(page.getByText('هنوز درخواستی ثبت نکرده‌اید.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ثبت درخواست تازه' })).toHaveAttribute('href', '/sr/request/store');
  // The catalogue's page is linked once it is built (it lands with /sr).
  const catalogueBuilt = shown(portalAreas).some((area) => area.href === '/sr');
  await expect(page.getByRole('link', { name: 'دیدن همهٔ خدمات' })).toHaveCount(catalogueBuilt ? 1 : 0);

  // Eleven requests (each cancelled but the last, to stay under the open-request limit): two pages of ten.
  const keys: string[] = [];
  for (let n = 0; n < 11; n++) {
    const request = await fileThroughApi(token, { preferred_date: tehranDay(2 + n) });
    keys.push(request.key);
    if (n < 10) expect((await api(`service-requests/${request.key}/cancel`, token, { method: 'POST' })).status).toBe(200);
  }

  // The first load fails (no answer): the error, then a retry that works.
  let failed = false;
  await page.route(
    (url) => url.pathname === '/api/service-requests',
    (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    },
  );
  await page.reload();
  await expect(page.getByText('درخواست‌ها بارگذاری نشد.')).toBeVisible();
  await page.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByText(`${toPersianDigits(11)} درخواست`)).toBeVisible();
  await expect(page.locator('[data-request]')).toHaveCount(10);
  // Newest first.
  await expect(page.locator('[data-request]').first()).toHaveAttribute('data-request', keys[10]!);
  await page.getByRole('button', { name: 'صفحهٔ بعد' }).click();
  await expect(page).toHaveURL(/\/sr\/request\/list\?page=2$/);
  await expect(page.locator('[data-request]')).toHaveCount(1);
  await expect(page.locator('[data-request]').first()).toHaveAttribute('data-request', keys[0]!);
  await page.reload();
  await expect(page.locator('[data-request]')).toHaveCount(1);
  // A filter starts again at the first page.
  await page.getByLabel('وضعیت درخواست').selectOption('submitted');
  await expect(page).toHaveURL(/\/sr\/request\/list\?status=submitted$/);
  await expect(page.locator('[data-request]')).toHaveCount(1);
  await expect(page.locator(`[data-request="${keys[10]}"]`)).toBeVisible();
});
