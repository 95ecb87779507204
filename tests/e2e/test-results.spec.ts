import { readdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { readOutbox } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { asIranianLab, cbcFiling, fileResult, newReceptionCode, type ResultFiling } from '../support/test-results.ts';
import { type ApiPatient, expect, expectNoSevereAxe, loggedInByApi, newNationalCode, newPhone, test } from './fixtures.ts';

/**
 * The patient's test results (/test-response/give-response, one result by `?key=`) with
 * flags in words, range bars, trends and explanations, printed on A4, shared with a doctor by a link
 * (/test-response/shared/{token}) that opens logged out and without JavaScript until it is revoked,
 * and claimed with the reception code when the lab filed them under another mobile. Results are
 * filed the way the lab system files them: `POST /api/hospital/v1/test-results`.
 */

const RESULTS = '/test-response/give-response';
const SHARE_URL = /\/test-response\/shared\/[A-Za-z0-9_-]{22}$/;

type Patient = ApiPatient;

const newPatient = (): Patient => ({ phone: newPhone(), nationalCode: newNationalCode(), first: 'سارا', last: 'کریمی' });

/** The e2e server as the API helpers of tests/support know it. */
const server = () => ({ url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! }) as RunningServer;

/** The lab files a result for this patient (their national code and mobile, so it goes to their account). */
const file = (patient: Patient, changes: ResultFiling = {}, phone = patient.phone) =>
  fileResult(server(), cbcFiling({ international_code: patient.nationalCode, phone_number: phone }, changes));

/** The CBC of `cbcFiling` with one observation changed. */
function withObservation(code: string, change: Record<string, unknown>, changes: ResultFiling = {}): ResultFiling {
  const base = cbcFiling({ international_code: '', phone_number: '' });
  const panels = (base.panels as { name: string; observations: { code: string }[] }[]).map((panel) => ({
    ...panel,
    observations: panel.observations.map((observation) => (observation.code === code ? { ...observation, ...change } : observation)),
  }));
  return { panels, ...changes };
}

/** A logged-out visitor from another address: a doctor who got the link in a message. */
async function doctor(browser: Browser, options: BrowserContextOptions = {}) {
  const n = Math.floor(Math.random() * 250) + 1;
  const context = await browser.newContext({
    baseURL: process.env.PORTAL_E2E_URL!,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.250.${Math.floor(Math.random() * 250)}.${n}` },
    ...options,
  });
  return { context, page: await context.newPage() };
}

const hemoglobin = (page: Page) => page.locator('[data-observation="718-7"]:visible');

test('the list, one result with its flags and range bar, a trend once an earlier result is filed, and Back to the list', async ({ page }) => {
  const patient = newPatient();
  await page.goto(RESULTS);
  await expect(page.getByRole('heading', { name: 'برای دیدن جواب آزمایش‌های خود وارد شوید' })).toBeVisible();
  await loggedInByApi(page, patient);
  await page.goto(RESULTS);
  await expect(page.getByRole('heading', { level: 1, name: 'جواب آزمایش‌ها' })).toBeVisible();
  await expect(page.locator('[data-results-empty]')).toContainText('وقتی آزمایشگاه بیمارستان جواب شما را ثبت کند');
  await expect(page.getByRole('region', { name: 'جوابم را پیدا کنید' })).toBeVisible();

  const { key } = await file(patient);
  await page.reload();
  const card = page.locator(`article[data-result="${key}"]`);
  await expect(card).toContainText('آزمایش کامل خون (CBC)، آزمایش ادرار');
  await expect(card).toContainText('جواب نهایی');
  // Collected on 20 November 2026, 09:00 in Tehran: 29 Aban 1405.
  await expect(card).toContainText('۲۹ آبان ۱۴۰۵');
  await expect(card.locator('[data-flag-summary]')).toHaveText('۱ مقدار خارج از محدوده');
  await expectNoSevereAxe(page);

  await card.getByRole('link', { name: 'دیدن جواب' }).click();
  await expect(page).toHaveURL(new RegExp(`${RESULTS}\\?key=${key}$`));
  await expect(page.getByRole('heading', { level: 1, name: `جواب آزمایش ${key}` })).toBeVisible();
  await expect(page.locator('[data-result-patient]')).toHaveText('سارا کریمی');
  await expect(hemoglobin(page).locator('[data-flag]')).toHaveText(/^پایین/);
  await expect(hemoglobin(page).locator('[data-value]')).toHaveText('۱۰٫۹');
  await expect(hemoglobin(page).getByRole('img', { name: 'مقدار ۱۰٫۹، زیر محدودهٔ ۱۲ تا ۱۶' })).toBeVisible();
  await expect(page.locator('[data-observation="6690-2"]:visible').locator('[data-flag]')).toHaveText(/^طبیعی/);
  await expect(page.getByRole('complementary', { name: 'پیش از هر برداشتی' })).toContainText('تشخیص پزشکی نیستند');
  await expect(page.getByRole('link', { name: 'نوبت گرفتن از دکتر امیرحسین صالحی' })).toHaveAttribute('href', '/appointment/pre-reserve/amirhossein-salehi');
  await expect(page.locator('[data-trend]')).toHaveCount(0);
  await expectNoSevereAxe(page);

  // An earlier CBC with the same tests: each value now has a trend of two.
  await file(patient, { ...withObservation('718-7', { value: 12.5 }), collected_at: '2026-09-23T05:30:00.000Z', reported_at: '2026-09-23T10:00:00.000Z' });
  await page.reload();
  const chart = hemoglobin(page).getByRole('img', { name: /^روند .+ در ۲ آزمایش: ۱۲٫۵ \(۱ مهر ۱۴۰۵\)، ۱۰٫۹ \(۲۹ آبان ۱۴۰۵، همین جواب\)$/ });
  await expect(chart).toBeVisible();
  await expect(hemoglobin(page).locator('[data-trend]')).toContainText('۱ مهر ۱۴۰۵');
  await expectNoSevereAxe(page);

  // The view lives in the address: Back returns to the list, which now has both results.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${RESULTS}$`));
  await expect(page.locator('main article[data-result]')).toHaveCount(2);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: `جواب آزمایش ${key}` })).toBeVisible();
  await page.getByRole('link', { name: 'همهٔ جواب‌ها' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'جواب آزمایش‌ها' })).toBeVisible();
});

test('a critical value is «بحرانی» in words, on the list and on the result, with what to do', async ({ page }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const { key } = await file(patient, withObservation('6690-2', { value: 32.5, flag: 'critical_high' }));
  await page.goto(RESULTS);
  const card = page.locator(`article[data-result="${key}"]`);
  await expect(card.locator('[data-flag-summary="abnormal"]')).toHaveText('۲ مقدار خارج از محدوده');
  await expect(card.locator('[data-flag-summary="critical"]')).toContainText('۱ مقدار بحرانی');

  await page.goto(`${RESULTS}?key=${key}`);
  const wbc = page.locator('[data-observation="6690-2"]:visible');
  await expect(wbc.locator('[data-flag="critical_high"]')).toHaveText(/^بحرانی، خیلی بالا/);
  await expect(wbc.getByRole('img', { name: 'مقدار ۳۲٫۵، بالای محدودهٔ ۴ تا ۱۰' })).toBeVisible();
  await expect(page.locator('[data-critical-alert]')).toContainText('۱ مقدار بحرانی در این جواب هست. همین حالا با پزشک خود یا بیمارستان تماس بگیرید');
});

test('print: the result alone as a table per panel with the flags in words, black on white', async ({ page }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const { key } = await file(patient);
  await page.addInitScript(() => localStorage.setItem('dark', 'true'));
  await page.goto(`${RESULTS}?key=${key}`);
  await expect(page.locator('.results-document')).toBeVisible();
  await expect(page.getByRole('button', { name: 'چاپ جواب' })).toBeVisible();
  await expect(page.locator('.results-table').first()).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['body > header', 'body > footer', 'h1', '[aria-labelledby="share-title"]', '[aria-labelledby="doctor-title"]', '.results-items', '.results-explanation']) {
    await expect(page.locator(selector).first(), selector).toBeHidden();
  }
  expect(await page.locator('main button:visible').count()).toBe(0);
  const table = page.locator('.results-table').first();
  await expect(table).toBeVisible();
  await expect(table.locator('tr', { hasText: 'Hemoglobin' })).toContainText('پایین');
  await expect(table.locator('tr', { hasText: 'Hemoglobin' })).toContainText('۱۲ تا ۱۶');
  await expect(page.locator('.results-disclaimer')).toBeVisible();
  await expect(page.locator('[data-result-patient]')).toHaveText('سارا کریمی');
  const colours = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const sheet = getComputedStyle(document.querySelector('.results-document')!);
    return { ink: body.color, page: body.backgroundColor, sheet: sheet.backgroundColor };
  });
  expect(colours).toEqual({ ink: 'rgb(0, 0, 0)', page: 'rgb(255, 255, 255)', sheet: 'rgb(255, 255, 255)' });
  await page.emulateMedia({ media: 'screen' });
});

test('a share link: made for a day, opened logged out (with and without JavaScript) with the name masked, then revoked and gone', async ({ page, browser, browserName }) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const { key } = await file(patient);
  await page.goto(`${RESULTS}?key=${key}`);
  const share = page.getByRole('region', { name: 'فرستادن برای پزشک' });
  await expect(share).toContainText('بدون ورود به حساب');
  // The tools load when asked for, and take the focus.
  await share.getByRole('button', { name: 'ساختن پیوند برای پزشک', exact: true }).click();
  await share.getByText('۲۴ ساعت').click();
  await share.getByRole('button', { name: 'ساختن پیوند', exact: true }).click();
  const field = share.getByLabel('پیوند تازه');
  await expect(field).toHaveValue(SHARE_URL);
  const link = await field.inputValue();
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  const live = share.locator('[data-share]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('باز تا');
  if (browserName === 'chromium') {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await share.getByRole('button', { name: 'کپی پیوند' }).click();
    await expect(share.getByRole('status')).toHaveText(/پیوند کپی شد/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }
  await expectNoSevereAxe(page);

  const { context, page: other } = await doctor(browser);
  try {
    const tracked = other.waitForRequest((request) => request.url().endsWith('/api/app/track-visit'));
    const opened = await other.goto(link);
    expect(opened?.status()).toBe(200);
    const headers = opened!.headers();
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(other.getByRole('heading', { level: 1, name: 'جواب آزمایش' })).toBeVisible();
    await expect(other.locator('[data-result-patient]')).toHaveText('س*** ک***');
    await expect(hemoglobin(other).locator('[data-value]')).toHaveText('۱۰٫۹');
    await expect(hemoglobin(other).locator('[data-flag]')).toHaveText(/^پایین/);
    await expect(other.locator('[data-expires]')).toContainText('این پیوند تا');
    const text = await other.locator('body').innerText();
    for (const secret of [patient.nationalCode, toPersianDigits(patient.nationalCode), patient.phone, toPersianDigits(patient.phone), patient.first, patient.last, key]) {
      expect(text).not.toContain(secret);
    }
    // Visit tracking names the page, never the token (the server keeps only its hash).
    expect((await tracked).postDataJSON().path).toBe('/test-response/shared/:token');
    await expect(other.locator('astro-island')).toHaveCount(0);
    await expectNoSevereAxe(other);
  } finally {
    await context.close();
  }

  const { context: plain, page: noScript } = await doctor(browser, { javaScriptEnabled: false });
  try {
    await noScript.goto(link);
    await expect(noScript.locator('[data-result-patient]')).toHaveText('س*** ک***');
    await expect(hemoglobin(noScript).locator('[data-flag]')).toHaveText(/^پایین/);
    // The explanation opens without script (details/summary), when the portal has one for the test.
    const explanation = noScript.locator('details.results-explanation').first();
    if ((await explanation.count()) > 0) {
      await explanation.locator('summary').click();
      await expect(explanation).toHaveAttribute('open', '');
    }
  } finally {
    await plain.close();
  }

  // Revoked: gone from the list, and the link answers the 404 page.
  await live.getByRole('button', { name: 'باطل کردن' }).click();
  const dialog = page.getByRole('dialog', { name: 'باطل کردن پیوند' });
  await expect(dialog).toContainText('دیگر جواب را نمی‌بیند');
  await dialog.getByRole('button', { name: 'بله، باطل شود' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(live).toHaveCount(0);
  await expect(share.getByLabel('پیوند تازه')).toHaveCount(0);

  const { context: later, page: again } = await doctor(browser);
  try {
    const gone = await again.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(again.getByRole('heading', { level: 1, name: 'این پیوند باز نمی‌شود' })).toBeVisible();
    await expect(again.getByText('این پیوند جواب آزمایش باز نمی‌شود')).toBeVisible();
  } finally {
    await later.close();
  }
});

test('an unknown or malformed share link answers the same Persian 404 page', async ({ page }) => {
  for (const link of ['/test-response/shared/AAAAAAAAAAAAAAAAAAAAAA', '/test-response/shared/not-a-token']) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(404);
    expect(response?.headers()['cache-control'], link).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'این پیوند باز نمی‌شود' })).toBeVisible();
  }
});

test('claim: a result filed under the national code with another mobile joins with its reception code and the code sent to that mobile; a wrong code gets the one answer', async ({
  page,
}) => {
  const patient = newPatient();
  await loggedInByApi(page, patient);
  const receptionCode = `C${Date.now() % 1e9}`;
  const filedPhone = newPhone();
  const filed = await file(patient, { reception_code: receptionCode }, filedPhone);
  expect(filed.linked).toBe(false);

  await page.goto(RESULTS);
  await expect(page.locator('[data-results-empty]')).toBeVisible();
  const claim = page.getByRole('region', { name: 'جوابم را پیدا کنید' });
  const find = claim.getByRole('button', { name: 'پیدا کردن جواب' });
  await find.click();
  await expect(claim.getByText('کد پذیرش را وارد کنید')).toBeVisible();
  await expect(claim.getByLabel('کد پذیرش')).toHaveAttribute('aria-invalid', 'true');

  // A wrong reception code and a wrong national code get the same words, above the button.
  await claim.getByLabel('کد پذیرش').fill(`${receptionCode}9`);
  await claim.getByLabel('کد ملی').fill(patient.nationalCode);
  await find.click();
  const alert = claim.getByRole('alert').filter({ hasText: /./ });
  await expect(alert).toHaveText(/^جوابی با این کد پذیرش و کد ملی پیدا نشد/);
  await claim.getByLabel('کد پذیرش').fill(receptionCode.toLowerCase());
  await claim.getByLabel('کد ملی').fill(newNationalCode());
  await find.click();
  await expect(alert).toHaveText(/^جوابی با این کد پذیرش و کد ملی پیدا نشد/);
  await expect(page).toHaveURL(new RegExp(`${RESULTS}$`));
  await expectNoSevereAxe(page);

  // The right pair, typed in lower case: the account's phone is not the filed mobile, so a code
  // goes there; the form says where and asks for it, keeping the two codes.
  await claim.getByLabel('کد ملی').fill(toPersianDigits(patient.nationalCode));
  await find.click();
  const masked = toPersianDigits(`${filedPhone.slice(0, 4)}***${filedPhone.slice(-4)}`);
  await expect(claim.getByText(`کد به ${masked} فرستاده شد`)).toBeVisible();
  await expect(claim.getByLabel('کد پذیرش')).toHaveValue(receptionCode.toLowerCase());
  const code = /: (\d{5})\n/.exec(readOutbox(server()).findLast((line) => line.to === filedPhone)!.text)![1]!;
  const add = claim.getByRole('button', { name: 'افزودن جواب' });
  // No error before the patient has typed; the button without the code asks for it and sends no other.
  await expect(claim.getByLabel('کد پیامک‌شده')).not.toHaveAttribute('aria-invalid', 'true');
  const sent = readOutbox(server()).filter((line) => line.to === filedPhone).length;
  await add.click();
  await expect(claim.getByLabel('کد پیامک‌شده')).toHaveAttribute('aria-invalid', 'true');
  expect(readOutbox(server()).filter((line) => line.to === filedPhone)).toHaveLength(sent);
  await claim.getByLabel('کد پیامک‌شده').fill(String((Number(code) + 1) % 100_000).padStart(5, '0'));
  await add.click();
  await expect(claim.getByText('کد پیامک‌شده درست نیست')).toBeVisible();
  await expectNoSevereAxe(page);
  // The code, with Persian digits: the result opens, and Back finds it in the list.
  await claim.getByLabel('کد پیامک‌شده').fill(toPersianDigits(code));
  await add.click();
  await expect(page).toHaveURL(new RegExp(`${RESULTS}\\?key=${filed.key}$`));
  await expect(page.getByRole('heading', { level: 1, name: `جواب آزمایش ${filed.key}` })).toBeVisible();
  await expect(hemoglobin(page).locator('[data-flag]')).toHaveText(/^پایین/);
  await page.goBack();
  await expect(page.locator(`article[data-result="${filed.key}"]`)).toContainText(receptionCode);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no results page scrolls sideways and every control is at least 44 px high', async ({ page }) => {
    const patient = newPatient();
    await loggedInByApi(page, patient);
    await file(patient, { ...withObservation('718-7', { value: 12.5 }), collected_at: '2026-09-23T05:30:00.000Z' });
    const { key } = await file(patient);
    await page.goto(`${RESULTS}?key=${key}`);
    const share = page.getByRole('region', { name: 'فرستادن برای پزشک' });
    await share.getByRole('button', { name: 'ساختن پیوند برای پزشک', exact: true }).click();
    await share.getByRole('button', { name: 'ساختن پیوند', exact: true }).click();
    const link = await page.getByLabel('پیوند تازه').inputValue();
    for (const [address, heading] of [
      [RESULTS, 'جواب آزمایش‌ها'],
      [`${RESULTS}?key=${key}`, `جواب آزمایش ${key}`],
      [new URL(link).pathname, 'جواب آزمایش'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(375);
      const small = await page
        .locator('main')
        .locator('button:visible, a:visible, input:visible, select:visible, summary:visible')
        // A checkbox or radio is pressed through its label, which is the target that counts.
        .evaluateAll((elements) => elements.filter((element) => (element.closest('label') ?? element).getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)));
      expect(small, address).toEqual([]);
    }
  });
});

// What labs send as HL7's own examples show it, read at 375 px: a blood pressure's two
// parts, a susceptibility in words, a range stratified by age and sex (folded), the Glasgow score's
// severity bands (never its normal range), and a day without a time.
test.describe('HL7 examples at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('components, a susceptibility, a stratified range and the Glasgow bands, light and dark', async ({ page }) => {
    const patient = newPatient();
    await loggedInByApi(page, patient);
    const corpus = readdirSync(new URL('../fixtures/fhir-hl7/', import.meta.url)).filter((name) => name.endsWith('.json'));
    const reception = newReceptionCode();
    let key = '';
    // One reception code: each filing adds its panel; the blood pressure (a day alone) last.
    for (const example of ['Observation-glasgow.json', 'Bundle-micro.json', 'Bundle-f001.json', 'Observation-blood-pressure.json']) {
      const bundle = asIranianLab(example, { international_code: patient.nationalCode, phone_number: patient.phone }, reception, corpus);
      ({ key } = await fileResult(server(), bundle, 'application/fhir+json'));
    }
    await page.goto(`${RESULTS}?key=${key}`);
    await expect(page.getByRole('heading', { level: 1, name: `جواب آزمایش ${key}` })).toBeVisible();

    // Blood pressure: a group with two rows, each its own value, unit and flag; never «no value».
    const pressure = page.locator('[data-observation="85354-9"]:visible');
    await expect(pressure.locator('[data-component="8480-6"]')).toContainText('۱۰۷');
    await expect(pressure.locator('[data-component="8480-6"]')).toContainText('mmHg');
    await expect(pressure.locator('[data-component="8462-4"]')).toContainText('۶۰');
    await expect(pressure.locator('[data-component="8462-4"] [data-flag]')).toHaveText(/^پایین/);
    await expect(page.locator('main')).not.toContainText('مقدار ندارد');
    // Sampled on 2012-09-17 (a day alone): the day, no time.
    await expect(page.locator('time').first()).toHaveText('۲۷ شهریور ۱۳۹۱');

    // Ampicillin, reported only as R: «مقاوم», flagged.
    const ampicillin = page.locator('[data-observation="60504"]:visible').first();
    await expect(ampicillin).toContainText('مقاوم');
    await expect(ampicillin.locator('[data-flag]')).toHaveText(/^غیرطبیعی/);

    // Erythrocytes (f004): its 317-character range folded, opened with «بیشتر».
    const erythrocytes = page.locator('[data-observation="789-8"]:visible');
    const fold = erythrocytes.locator('details.results-fold').first();
    await expect(fold.locator('summary')).toContainText('بیشتر');
    await fold.locator('summary').click();
    await expect(fold).toHaveAttribute('open', '');
    await expect(fold).toContainText('65-74 y Female: 4.1 - 4.9');

    // Glasgow 13: three bands, «Mild» marked; no normal range and no flag of ours (never «high, up to 8»).
    const glasgow = page.locator('[data-observation="9269-2"]:visible');
    await expect(glasgow).toContainText('Severe TBI: تا ۸');
    await expect(glasgow).toContainText('Mild TBI: دست‌کم ۱۳ (این جواب)');
    await expect(glasgow).toContainText('محدودهٔ طبیعی: ندارد');
    await expect(glasgow.locator('[data-flag]')).toHaveCount(0);
    await expect(glasgow).toContainText('امتیاز');
    await expect(glasgow).not.toContainText('{score}');

    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const small = await page
      .locator('main')
      .locator('button:visible, a:visible, summary:visible')
      .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)));
    expect(small).toEqual([]);
    await expectNoSevereAxe(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      if (scheme === 'dark') {
        // The theme is chosen when the page loads.
        await page.reload();
        await expect(glasgow).toContainText('Mild TBI');
        await page.waitForLoadState('networkidle');
        await expectNoSevereAxe(page);
      }
      if (process.env.SHOTS_DIR) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += 800)
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/hl7-375-${scheme}-${y}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: Math.min(800, height - y) } });
      }
    }
  });
});
