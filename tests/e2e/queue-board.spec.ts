import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { JS_BUDGET_KB } from '../../scripts/bench/report.ts';
import type { DeskQueue } from '../../src/lib/api/contracts/queue.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { expect, expectNoSevereAxe, test } from './fixtures.ts';

/**
 * The waiting-room board `/queue/{doctor_id}` on the demo's visit day (the e2e server runs with
 * DEMO_DATA=1, see src/server/demo/visit-day.ts), driven through the hospital API as a desk would.
 */

const DEMO_PHONE = '09120000000';

/** The hospital API with the portal's local key (what `npm run hospital` uses). */
function hospital(request: APIRequestContext) {
  const key = readFileSync(path.join(process.env.PORTAL_E2E_DATA_DIR!, 'hospital-cli-key'), 'utf8').trim();
  const headers = { authorization: `Bearer ${key}` };
  return {
    async queue(doctorId: string): Promise<DeskQueue> {
      const answer = await request.get(`/api/hospital/v1/queue/${doctorId}`, { headers });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { data: DeskQueue }).data;
    },
    async todaysDoctors(): Promise<string[]> {
      const answer = await request.get(`/api/hospital/v1/appointments?date=${toTehranIsoDate(new Date())}`, { headers });
      expect(answer.status()).toBe(200);
      const { data } = (await answer.json()) as { data: { doctor_id: string; patient: { phone_number: string | null } }[] };
      return [...new Set(data.filter((visit) => visit.patient.phone_number === DEMO_PHONE).map((visit) => visit.doctor_id))];
    },
    absent(doctorId: string, appointmentKey: string) {
      return request.post(`/api/hospital/v1/queue/${doctorId}/events`, {
        headers: { ...headers, 'idempotency-key': `board-${appointmentKey}-${Date.now()}` },
        data: { type: 'no_show', appointment_key: appointmentKey },
      });
    },
  };
}

/** The demo's doctor: the demo patient has a visit today with them, and the desk has recorded events. */
async function demoDoctor(desk: ReturnType<typeof hospital>): Promise<string> {
  for (const doctorId of await desk.todaysDoctors()) {
    if ((await desk.queue(doctorId)).events > 0) return doctorId;
  }
  throw new Error('the demo visit day was not seeded (is DEMO_DATA=1 set for the e2e server?)');
}

const shownNumber = (page: Page) => page.locator('[data-board="number"]').textContent();
const persian = (number: number | undefined) => (number === undefined ? '—' : toPersianDigits(number));

test('the board shows who is being seen, follows the desk without a reload, and names nobody', async ({ page, request }, testInfo) => {
  // One call at the desk changes the demo's shared day: made once per run, not once per device.
  test.skip(testInfo.project.name !== 'desktop', 'the phone layout is checked below, without touching the queue');
  const desk = hospital(request);
  const doctorId = await demoDoctor(desk);
  const before = await desk.queue(doctorId);
  expect(before.now_serving).toBeDefined();

  await page.goto(`/queue/${doctorId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('دکتر');
  const board = page.getByRole('status').filter({ hasText: 'نوبت در حال ویزیت' });
  // Other specs drive the same demo day: the board must show what the desk shows at that moment.
  await expect.poll(async () => (await shownNumber(page)) === persian((await desk.queue(doctorId)).now_serving)).toBe(true);
  await expect(board).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('[data-queue-board]')).toHaveAttribute('data-mode', 'live');
  await expect(page.locator('[data-board="delay"]')).toHaveText(/^(پزشک حدود .+ تأخیر دارد|بدون تأخیر اعلام‌شده)$/);
  await expect(page.locator('[data-board="waiting"]')).toHaveText(/^([۰-۹]+ نفر|کسی در انتظار نیست)$/);
  await expect(page.locator('[data-board="clock"]')).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
  const text = await page.locator('body').innerText();
  for (const entry of before.entries) {
    expect(text).not.toContain(entry.key);
    expect(text).not.toContain(entry.patient_name);
  }

  // The desk marks the day's last waiting patient absent (not the demo patient, whose own spec calls
  // the queue forward at the same time: an absence changes neither her place nor who is being seen).
  await page.evaluate(() => Object.assign(window, { boardLoadedOnce: true }));
  const last = before.entries.findLast((entry) => (entry.status === 'waiting' || entry.status === 'checked_in') && !entry.patient_name.startsWith('سارا نمونه'));
  expect(last, 'a patient still waits on the demo day').toBeDefined();
  const absent = await desk.absent(doctorId, last!.key);
  expect(absent.status()).toBe(201);
  const waitingOf = (queue: DeskQueue) => queue.entries.filter((entry) => entry.status === 'waiting' || entry.status === 'checked_in').length;
  const waitingText = (count: number) => (count > 0 ? `${toPersianDigits(count)} نفر` : 'کسی در انتظار نیست');
  await expect
    .poll(async () => {
      const queue = await desk.queue(doctorId);
      const shown = await page.locator('[data-board="waiting"]').textContent();
      return shown === waitingText(waitingOf(queue)) && (await shownNumber(page)) === persian(queue.now_serving);
    })
    .toBe(true);
  expect(await page.evaluate(() => (window as { boardLoadedOnce?: boolean }).boardLoadedOnce)).toBe(true);
  await expect(page.locator('[data-board="called-at"]')).toHaveText(/^از ساعت [۰-۹]{2}:[۰-۹]{2}$/);

  await expectNoSevereAxe(page);
  await page.getByRole('button', { name: /پوسته/ }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSevereAxe(page);
});

test('the board fits a phone, stays within the public script budget, and an unknown doctor is the 404 page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script' || request.serviceWorker()) return;
    const sizes = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  // Any catalogue doctor has a board, with or without visits today.
  await page.goto('/queue/amirhossein-salehi', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('دکتر امیرحسین صالحی');
  await expect(page.locator('[data-board="session"]')).not.toHaveText('…');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator('astro-island')).toHaveCount(0);
  const total = scripts.reduce((sum, file) => sum + file.bytes, 0);
  test.info().annotations.push({ type: 'script bytes', description: `${total}: ${scripts.map((file) => `${file.url} ${file.bytes}`).join(', ')}` });
  expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(JS_BUDGET_KB * 1024);
  await expectNoSevereAxe(page);

  const missing = await page.goto('/queue/no-such-doctor');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('صفحه پیدا نشد');
});

test.describe('on a network that cuts long connections', () => {
  // The service worker would make the board's requests itself, out of this page's routes.
  test.use({ serviceWorkers: 'block' });

  test('the board polls instead and says when it last heard', async ({ page }) => {
    await page.route('**/api/public/queue/*/events', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/queue/amirhossein-salehi');
    await expect(page.locator('[data-queue-board]')).toHaveAttribute('data-mode', 'polling');
    await expect(page.locator('[data-board="updated"]')).toHaveText(/^آخرین به‌روزرسانی: ساعت [۰-۹]{2}:[۰-۹]{2} \(هر ۱۵ ثانیه\)$/);
    await expect(page.locator('[data-board="session"]')).not.toHaveText('…');
  });
});
