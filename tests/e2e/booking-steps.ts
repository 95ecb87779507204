import { readdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import type { RunningServer } from '../support/server.ts';
import { codeFor, expect, newNationalCode, newPhone } from './fixtures.ts';

/** Steps of the booking tests (booking.spec.ts): patients, free slots, the page's controls, the sandbox bank. */

const DOCTORS = readdirSync('src/content/doctors')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
export const CARD = { number: '6037991234567893', cvv2: '123', month: '12', year: '08', password: '123456' };
export const server = () => ({ url: process.env.PORTAL_E2E_URL! }) as RunningServer;

export interface FreeSlot {
  doctor: string;
  day: string;
  start: string;
  fee: number;
}

/**
 * A random free slot of a random doctor in the next 14 days, found through the slots API;
 * `minHours`: at least that far ahead (e.g. outside the free-cancel window). `base`: another portal's address.
 */
export async function freeSlot(request: APIRequestContext, { minHours = 0, base = '' }: { minHours?: number; base?: string } = {}): Promise<FreeSlot & { end: string }> {
  const doctors = [...DOCTORS].sort(() => Math.random() - 0.5);
  const earliest = Date.now() + minHours * 60 * 60 * 1000;
  for (const doctor of doctors) {
    const answer = await request.get(`${base}/api/appointments/slots?doctor_id=${doctor}&days=14`);
    expect(answer.status()).toBe(200);
    const { data, meta } = (await answer.json()) as SlotsAnswer;
    const free = data.flatMap((day) =>
      day.slots.filter((slot) => slot.available && Date.parse(slot.start) >= earliest).map((slot) => ({ doctor, day: day.date, start: slot.start, end: slot.end, fee: meta.fee })),
    );
    if (free.length > 0) return free[Math.floor(Math.random() * free.length)]!;
  }
  throw new Error('no doctor has a free slot in the next 14 days');
}

/** A free slot of another doctor overlapping `slot` (a second visit at the same time), or undefined. */
export async function overlappingSlot(request: APIRequestContext, slot: FreeSlot & { end: string }, base = ''): Promise<(FreeSlot & { end: string }) | undefined> {
  for (const doctor of DOCTORS.filter((id) => id !== slot.doctor)) {
    const answer = await request.get(`${base}/api/appointments/slots?doctor_id=${doctor}&from=${slot.day}&days=1`);
    expect(answer.status()).toBe(200);
    const { data, meta } = (await answer.json()) as SlotsAnswer;
    for (const day of data) {
      const other = day.slots.find((s) => s.available && Date.parse(s.start) < Date.parse(slot.end) && Date.parse(s.end) > Date.parse(slot.start));
      if (other) return { doctor, day: day.date, start: other.start, end: other.end, fee: meta.fee };
    }
  }
  return undefined;
}

/** A new patient registered through the API: its token and the user the popup would store. */
export async function registered(request: APIRequestContext): Promise<{ token: string; user: unknown }> {
  const phone = newPhone();
  const sentAt = Date.now() - 1000;
  expect((await request.post('/api/auth/login/with/phone-number', { data: { phone_number: phone } })).status()).toBe(200);
  const code = await codeFor(phone, { after: sentAt });
  expect((await request.post('/api/auth/check_verification_code', { data: { phone_number: phone, code } })).status()).toBe(200);
  const answer = await request.post('/api/auth/register', {
    data: { phone_number: phone, code, first_name: 'مینا', last_name: 'رحیمی', international_code: newNationalCode(), gender: 'female' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: unknown } }).data;
}

/** A new patient logged in on this page (as the login popup leaves it); answers the token. */
export async function loggedIn(page: Page): Promise<string> {
  const { token, user } = await registered(page.request);
  await page.goto('/offline');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [token, JSON.stringify(user)] as const,
  );
  return token;
}

/** On the slots step: the slot's day in the strip, then its time. */
export async function chooseSlot(page: Page, slot: FreeSlot) {
  await page.locator(`[data-day="${slot.day}"]`).click();
  await page.locator(`input[name="booking-time"][value="${slot.start}"]`).locator('xpath=..').click();
  await expect(page.locator('[data-chosen-time]')).toBeVisible();
}

export const countdown = (page: Page) => page.locator('[data-countdown]');

/** The sandbox bank's card form, paid. */
export async function payAtBank(page: Page) {
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت اینترنتی' })).toBeVisible();
  await page.getByLabel('شمارهٔ کارت').fill(CARD.number);
  await page.getByLabel('CVV2').fill(CARD.cvv2);
  await page.getByLabel('ماه').fill(CARD.month);
  await page.getByLabel('سال').fill(CARD.year);
  await page.getByLabel('رمز دوم (پویا)').fill(CARD.password);
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
}

export async function walletAvailable(page: Page, token: string): Promise<number> {
  const answer = await page.request.get('/api/wallet', { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: { available: number } }).data.available;
}

/** A free slot (at least `minHours` ahead) that another doctor's free slot overlaps: a person's two visits at one time. */
export async function slotWithOverlap(request: APIRequestContext, base = '', minHours = 0) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const slot = await freeSlot(request, { base, minHours });
    const other = await overlappingSlot(request, slot, base);
    if (other) return { slot, other };
  }
  throw new Error('no two doctors have overlapping free slots');
}

/** A new patient registered on the portal at `base` through its login calls: the token and the stored user. */
export async function registeredOn(request: APIRequestContext, base: string, outbox: (phone: string) => string): Promise<{ token: string; user: unknown; phone: string }> {
  const phone = newPhone();
  expect((await request.post(`${base}/api/auth/login/with/phone-number`, { data: { phone_number: phone } })).status()).toBe(200);
  const code = outbox(phone);
  expect((await request.post(`${base}/api/auth/check_verification_code`, { data: { phone_number: phone, code } })).status()).toBe(200);
  const answer = await request.post(`${base}/api/auth/register`, {
    data: { phone_number: phone, code, first_name: 'مینا', last_name: 'رحیمی', international_code: newNationalCode(), gender: 'female' },
  });
  expect(answer.status()).toBe(200);
  return { ...((await answer.json()) as { data: { token: string; user: unknown } }).data, phone };
}

/** Leaves `token` and `user` in the storage of the portal at `base`, as the login popup does. */
export async function storeLogin(page: Page, base: string, token: string, user: unknown): Promise<void> {
  await page.goto(`${base}/offline`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [token, JSON.stringify(user)] as const,
  );
}
