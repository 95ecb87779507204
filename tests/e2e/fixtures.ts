import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';

let counter = 0;

/** A fresh Iranian mobile number per call, so tests never share a phone's limits or accounts. */
export function newPhone(): string {
  const unique = (Date.now() % 1_000_000) * 100 + (process.pid % 50) * 2 + (counter++ % 2);
  return `0912${String(unique).padStart(7, '0').slice(-7)}`;
}

interface OutboxLine {
  to: string;
  text: string;
  at: string;
}

/** The latest one-time code sent to `phone`, read from the console SMS provider's outbox (never a backdoor). */
export async function codeFor(phone: string, { after = 0 } = {}): Promise<string> {
  const file = path.join(process.env.PORTAL_E2E_DATA_DIR!, 'sms-outbox.jsonl');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        let lines: OutboxLine[] = [];
        try {
          lines = readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as OutboxLine);
        } catch {
          return undefined;
        }
        const mine = lines.filter((line) => line.to === phone && Date.parse(line.at) >= after);
        code = /#(\d{5})\s*$/.exec(mine.at(-1)?.text ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

/** Each test comes from its own client address (the e2e server trusts X-Forwarded-For). */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    const n = Math.floor(Math.random() * 250) + 1;
    await use({ 'X-Forwarded-For': `10.${(process.pid % 250) + 1}.${counter++ % 250}.${n}` });
  },
});

export { expect };

/** Opens the popup from the header and sends a code to `phone`; returns when the code step shows. */
export async function startLogin(page: Page, phone: string): Promise<number> {
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('شمارهٔ موبایل').fill(phone);
  const sentAt = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'ارسال کد تأیید' }).click();
  await expect(dialog.getByLabel('کد تأیید')).toBeVisible();
  return sentAt;
}

/** Registers a new account for `phone` through the popup and waits until the header shows it. */
export async function registerThroughPopup(page: Page, phone: string, person: { first: string; last: string; nationalCode: string }) {
  const sentAt = await startLogin(page, phone);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('کد تأیید').fill(await codeFor(phone, { after: sentAt }));
  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
  await dialog.getByLabel('نام', { exact: true }).fill(person.first);
  await dialog.getByLabel('نام خانوادگی').fill(person.last);
  await dialog.getByLabel('کد ملی').fill(person.nationalCode);
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-user-name]').first()).toHaveText(`${person.first} ${person.last}`);
}

/** A valid national code (Iranian checksum) that no other test uses. */
export function newNationalCode(): string {
  const digits = String(Math.floor(Math.random() * 1e9))
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (new Set(digits).size === 1) digits[0] = (digits[0]! + 1) % 10;
  const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
  const remainder = sum % 11;
  return digits.join('') + String(remainder < 2 ? remainder : 11 - remainder);
}

/** Spec and SECURITY.md: at least 60 s between two codes to one phone. Multi-login tests wait it out. */
export const RESEND_WAIT_MS = 61_000;

/** Logs out through the header's user menu. */
export async function logoutThroughMenu(page: Page) {
  await page.locator('[data-user-menu] summary').click();
  await page.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(page.getByRole('button', { name: 'ورود / ثبت‌نام' })).toBeVisible();
}

/**
 * Checks the wallet figure of the header's user menu as a patient reads it: the menu writes it when
 * it opens. Closes the menu again with Escape.
 */
export async function expectMenuWallet(page: Page, text: string) {
  const menu = page.locator('[data-user-menu]');
  await menu.locator('summary').click();
  await expect(menu.locator('[data-user-wallet]')).toHaveText(text);
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
}

/** Types the code that was sent to `phone` into the popup's code step. */
export async function enterCode(page: Page, phone: string, sentAt: number) {
  await page
    .getByRole('dialog')
    .getByLabel('کد تأیید')
    .fill(await codeFor(phone, { after: sentAt }));
}

/** In an open Jalali calendar, picks day `day` of the month `months` away from the shown one (negative: back). */
export async function pickJalaliDay(page: Page, { months, day }: { months: number; day: number }) {
  const calendar = page.locator('.rmdp-calendar');
  await expect(calendar).toBeVisible();
  for (let i = 0; i < Math.abs(months); i++) {
    await calendar.locator(months < 0 ? '.rmdp-arrow-container.rmdp-left' : '.rmdp-arrow-container.rmdp-right').click();
  }
  await calendar.locator('.rmdp-day:not(.rmdp-day-hidden):not(.rmdp-deactive):not(.rmdp-disabled) span', { hasText: new RegExp(`^${toPersianDigits(day)}$`) }).click();
  await page.keyboard.press('Escape');
}

/**
 * Axe finds nothing serious or critical on the page as it stands (issues 10–11 specs), or only in
 * the part `within` names. The whole page's check leaves the toasts out: they come and go on a
 * clock of their own, and axe, which takes seconds on a busy machine, would read one mid-fade at
 * part opacity; toasts.spec checks them at rest instead, `within` the toast host.
 */
export async function expectNoSevereAxe(page: Page, { within }: { within?: string } = {}) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (within ? builder.include(within) : builder.exclude('#toast-host')).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A patient the API registers: a fresh phone and national code, and the name the popup would ask. */
export interface ApiPatient {
  phone: string;
  nationalCode: string;
  first: string;
  last: string;
}

/** A new account made through the API (the code read from the outbox): its token and the user the login popup would store. */
export async function registerByApi(request: APIRequestContext, patient: ApiPatient): Promise<{ token: string; user: unknown }> {
  const sentAt = Date.now() - 1000;
  expect((await request.post('/api/auth/login/with/phone-number', { data: { phone_number: patient.phone } })).status()).toBe(200);
  const code = await codeFor(patient.phone, { after: sentAt });
  expect((await request.post('/api/auth/check_verification_code', { data: { phone_number: patient.phone, code } })).status()).toBe(200);
  const answer = await request.post('/api/auth/register', {
    data: { phone_number: patient.phone, code, first_name: patient.first, last_name: patient.last, international_code: patient.nationalCode, gender: 'female' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: unknown } }).data;
}

/** A new patient logged in on this page, as the login popup leaves it (token and user in localStorage); answers the token. */
export async function loggedInByApi(page: Page, patient: ApiPatient): Promise<string> {
  const { token, user } = await registerByApi(page.request, patient);
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
