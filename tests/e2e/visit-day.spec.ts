import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { DeskQueue, QueueEventInput } from '../../src/lib/api/contracts/queue.ts';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, expect, expectNoSevereAxe, test } from './fixtures.ts';

/**
 * The demo patient's visit day on a phone: the card of today's visit opens the view, she checks in,
 * and the desk (the hospital API) calls the patients before her; the page follows live, without a
 * reload. The demo install seeds today's queue with her as number four (global-setup starts it
 * with CHECKIN_OPEN_MINUTES=1440, so check-in is open whatever the hour).
 */

const DEMO_PHONE = '09120000000';

// One login of the demo patient per run: a second within a minute would be refused (one code a
// minute per phone), and the desk's calls below change her day for good.
test.skip(({ isMobile }) => !isMobile, 'runs once, at 375 px, in the phone project');

const hospitalKey = () => readFileSync(path.join(process.env.PORTAL_E2E_DATA_DIR!, 'hospital-cli-key'), 'utf8').trim();

async function deskEvent(request: APIRequestContext, doctorId: string, event: QueueEventInput): Promise<DeskQueue> {
  const answer = await request.post(`/api/hospital/v1/queue/${encodeURIComponent(doctorId)}/events`, { headers: { Authorization: `Bearer ${hospitalKey()}` }, data: event });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: DeskQueue }).data;
}

async function deskQueue(request: APIRequestContext, doctorId: string): Promise<DeskQueue> {
  const answer = await request.get(`/api/hospital/v1/queue/${encodeURIComponent(doctorId)}`, { headers: { Authorization: `Bearer ${hospitalKey()}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: DeskQueue }).data;
}

test('on the day, the visit card opens the live queue; she checks in and follows the desk’s calls without a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });

  const sentAt = Date.now() - 1000;
  expect((await page.request.post('/api/auth/login/with/phone-number', { data: { phone_number: DEMO_PHONE } })).status()).toBe(200);
  const checked = await page.request.post('/api/auth/check_verification_code', { data: { phone_number: DEMO_PHONE, code: await codeFor(DEMO_PHONE, { after: sentAt }) } });
  expect(checked.status()).toBe(200);
  const [demo] = ((await checked.json()) as { data: Array<{ token: string; user: unknown }> }).data;
  await page.goto('/offline');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [demo!.token, JSON.stringify(demo!.user)] as const,
  );

  await page.goto('/patient-profile/services');
  const entry = page.getByRole('link', { name: 'روز ویزیت: صف و اعلام حضور' });
  // Today's visit is upcoming all day, even once its slot's time has passed (the doctor runs late).
  await expect(entry).toHaveCount(1);
  const card = page.locator('[data-appointment]', { has: entry });
  const key = (await card.getAttribute('data-appointment'))!;
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`\\?visit=${key}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^روز ویزیت: / })).toBeVisible();
  await expect(page.locator('[data-connection="live"]')).toBeVisible();

  const appointment = await page.request.get(`/api/appointments/${key}`, { headers: { Authorization: `Bearer ${demo!.token}` } });
  const { doctor_id: doctorId } = ((await appointment.json()) as { data: { doctor_id: string } }).data;
  const desk = await deskQueue(page.request, doctorId);
  const mine = desk.entries.find((row) => row.key === key)!;
  const before = desk.entries.filter((row) => row.number < mine.number && (row.status === 'waiting' || row.status === 'checked_in'));
  expect(before.length, 'the demo day leaves someone to call before her').toBeGreaterThan(0);

  await expect(page.locator('[data-number]')).toHaveText(toPersianDigits(mine.number));
  await expect(page.locator('[data-ahead]')).toHaveText(`${toPersianDigits(before.length)} نفر پیش از شما`);
  await expect(page.locator('[data-delay]')).toHaveText(desk.delay_minutes > 0 ? `پزشک حدود ${toPersianDigits(desk.delay_minutes)} دقیقه تأخیر دارد` : 'بدون تأخیر اعلام‌شده');
  await expect(page.locator('[data-updated]')).toContainText('آخرین به‌روزرسانی:');

  // «رسیدم», then the time she checked in in its place.
  await page.getByRole('button', { name: 'رسیدم' }).click();
  await expect(page.locator('[data-checked-in]')).toContainText(/^حضور شما ساعت [۰-۹]{2}:[۰-۹]{2} ثبت شد/);
  await expect(page.getByRole('button', { name: 'رسیدم' })).toHaveCount(0);
  await expect(page.getByText('حضور ثبت شد', { exact: true })).toBeVisible();
  expect((await deskQueue(page.request, doctorId)).entries.find((row) => row.key === key)).toMatchObject({ status: 'checked_in', checked_in_by: 'patient' });

  await expectNoSevereAxe(page);

  // The desk moves the queue; the page must follow without being loaded again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  for (const [index, row] of before.entries()) {
    await deskEvent(page.request, doctorId, { type: 'called', appointment_key: row.key });
    const left = before.length - index - 1;
    await expect(page.locator('[data-now-serving]')).toHaveText(toPersianDigits(row.number));
    await expect(page.locator('[data-ahead]')).toHaveText(left === 0 ? 'نفر بعدی شما هستید' : `${toPersianDigits(left)} نفر پیش از شما`);
  }
  await expect(page.locator('[data-announcer]')).toHaveText('نفر بعدی شما هستید');

  await deskEvent(page.request, doctorId, { type: 'delay', minutes: 35 });
  await expect(page.locator('[data-delay]')).toHaveText('پزشک حدود ۳۵ دقیقه تأخیر دارد');
  await expect(page.locator('[data-announcer]')).toHaveText('پزشک حدود ۳۵ دقیقه تأخیر دارد');

  await deskEvent(page.request, doctorId, { type: 'called', appointment_key: key });
  const called = page.locator('[data-called]');
  await expect(called).toHaveText(/^نوبت شماست؛ به .+ بروید$/);
  await expect(page.locator('[data-now-serving]')).toHaveText(toPersianDigits(mine.number));
  await expect(page.locator('[data-ahead]')).toHaveCount(0);
  await expect(page.locator('[data-announcer]')).toHaveText((await called.textContent())!);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Without network the page keeps the last state, says so, and goes live again when it is back.
  await page.context().setOffline(true);
  await expect(page.locator('[data-stale]')).toContainText(/^آخرین وضعیت شناخته‌شده، ساعت [۰-۹]{2}:[۰-۹]{2}/);
  await expect(called).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.locator('[data-connection="live"]')).toBeVisible();
  await expect(page.locator('[data-stale]')).toHaveCount(0);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(called).toBeVisible();
  await expectNoSevereAxe(page);
});
