import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectMenuWallet, expectNoSevereAxe, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

/** A valid Iranian IBAN body (the 24 digits after IR) and a Luhn-valid card for the sandbox bank. */
const IBAN = '050170000000123456789012';
const CARD = '6037991234567893';

/** Opens `path` logged out, registers through the popup it opens, and waits for the page's heading. */
async function registeredOn(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'برای دیدن کیف پول خود وارد شوید' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  await registerThroughPopup(page, newPhone(), { first: 'سارا', last: 'کریمی', nationalCode: newNationalCode() });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** From the charge form: `amount` typed, then the sandbox bank's card form, paid or cancelled. */
async function chargeThroughBank(page: Page, amount: string, outcome: 'pay' | 'cancel') {
  await page.getByLabel('مبلغ شارژ (ریال)').fill(amount);
  await page.getByRole('button', { name: 'پرداخت و شارژ' }).click();
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت اینترنتی' })).toBeVisible();
  if (outcome === 'pay') {
    await page.getByLabel('شمارهٔ کارت').fill(CARD);
    await page.getByLabel('CVV2').fill('123');
    await page.getByLabel('ماه').fill('12');
    await page.getByLabel('سال').fill('08');
    await page.getByLabel('رمز دوم (پویا)').fill('123456');
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'انصراف' }).click();
  }
}

test('charging through the sandbox bank: the receipt, the new balance, the header and the transaction', async ({ page }) => {
  await registeredOn(page, '/financial', 'کیف پول');
  await expect(page.locator('[data-wallet-available]')).toHaveText('۰ ریال');
  await expect(page.getByText('هنوز تراکنشی ندارید')).toBeVisible();
  await expectNoSevereAxe(page);

  await page.getByRole('link', { name: 'شارژ کیف پول' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'شارژ کیف پول' })).toBeVisible();
  await expectNoSevereAxe(page);

  // Below the minimum: the schema's message, and no trip to the bank.
  const field = page.getByLabel('مبلغ شارژ (ریال)');
  await field.fill('۹۹۹۹۹۹');
  await page.getByRole('button', { name: 'پرداخت و شارژ' }).click();
  await expect(page.getByText('مبلغ نباید کمتر از ۱٬۰۰۰٬۰۰۰ ریال باشد')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/financial\/charge-wallet$/);

  // A preset fills the field, grouped, with the amount in words and tomans.
  await page.getByRole('button', { name: '۲٬۰۰۰٬۰۰۰ ریال' }).click();
  await expect(field).toHaveValue('۲٬۰۰۰٬۰۰۰');
  await expect(page.getByRole('button', { name: '۲٬۰۰۰٬۰۰۰ ریال' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('دو میلیون ریال، برابر با ۲۰۰٬۰۰۰ تومان')).toBeVisible();

  await chargeThroughBank(page, '2500000', 'pay');
  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
  await expect(page.locator('main').getByText('۲٬۵۰۰٬۰۰۰ ریال')).toBeVisible();
  await page.getByRole('link', { name: 'بازگشت به کیف پول' }).click();
  await expect(page).toHaveURL(/\/financial\/charge-wallet$/);

  await page.goto('/financial');
  await expect(page.locator('[data-wallet-available]')).toHaveText('۲٬۵۰۰٬۰۰۰ ریال (۲۵۰ هزار تومان)');
  const recent = page.getByRole('region', { name: 'آخرین تراکنش‌ها' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('listitem').first()).toContainText('شارژ کیف پول');
  await expect(recent.getByRole('listitem').first()).toContainText('واریز');
  await expect(recent.getByRole('listitem').first()).toContainText('+۲٬۵۰۰٬۰۰۰');
  // The header's user menu shows the ledger's figure too.
  await expectMenuWallet(page, '۲٬۵۰۰٬۰۰۰ ریال');
});

test('cancelling at the bank shows the failure receipt and leaves the balance alone', async ({ page }) => {
  await registeredOn(page, '/patient-profile/charge-wallet', 'شارژ کیف پول');
  // The account side menu (UserAccount layout) lists the page as current.
  await expect(page.getByRole('navigation', { name: 'حساب کاربری' }).getByRole('link', { name: 'شارژ کیف پول' })).toHaveAttribute('aria-current', 'page');
  await chargeThroughBank(page, '1000000', 'cancel');
  await expect(page.getByRole('heading', { name: 'پرداخت ناموفق بود' })).toBeVisible();
  await page.getByRole('link', { name: 'بازگشت به کیف پول' }).click();
  await expect(page).toHaveURL(/\/patient-profile\/charge-wallet$/);
  await expect(page.getByText('موجودی فعلی: ۰ ریال')).toBeVisible();
});

test('the amount field groups as it types and keeps the caret where the patient typed', async ({ page }) => {
  await registeredOn(page, '/financial/charge-wallet', 'شارژ کیف پول');
  const field = page.getByLabel('مبلغ شارژ (ریال)');
  await field.pressSequentially('1500000');
  await expect(field).toHaveValue('۱٬۵۰۰٬۰۰۰');
  await expect(page.getByText('یک میلیون و پانصد هزار ریال، برابر با ۱۵۰٬۰۰۰ تومان')).toBeVisible();
  // The caret after «۱٬۵» (3 characters from the start), then a «2» typed there.
  await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(3, 3));
  await page.keyboard.type('2');
  await expect(field).toHaveValue('۱۵٬۲۰۰٬۰۰۰');
  expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);
  // Persian digits typed are taken as they are.
  await field.fill('۳۰۰۰۰۰۰');
  await expect(field).toHaveValue('۳٬۰۰۰٬۰۰۰');
  // Above WALLET_CHARGE_MAX (default 500,000,000 rials).
  await field.fill('600000000');
  await page.getByRole('button', { name: 'پرداخت و شارژ' }).click();
  await expect(page.getByText('مبلغ شارژ نباید بیشتر از ۵۰۰٬۰۰۰٬۰۰۰ ریال باشد')).toBeVisible();
});

/** Puts money in the wallet of the logged-in patient through the real bank round trip. */
async function fund(page: Page, amount: string) {
  await page.goto('/financial/charge-wallet');
  await chargeThroughBank(page, amount, 'pay');
  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود' })).toBeVisible();
}

test('withdrawing to an IBAN, with a confirmation, a refusal beyond the balance, and a cancel', async ({ page }) => {
  test.setTimeout(60_000);
  await registeredOn(page, '/financial', 'کیف پول');
  await fund(page, '3000000');
  await page.goto('/financial/refund');
  await expect(page.getByRole('heading', { level: 1, name: 'برداشت از کیف پول به حساب بانکی' })).toBeVisible();
  await expect(page.getByText('هنوز درخواست برداشتی ثبت نکرده‌اید')).toBeVisible();
  await expectNoSevereAxe(page);

  // A pasted IR is dropped and the digits are grouped as a printed IBAN.
  const iban = page.getByLabel(/شماره شبا/);
  await iban.fill(`IR${IBAN}`);
  await expect(iban).toHaveValue('۰۵ ۰۱۷۰ ۰۰۰۰ ۰۰۱۲ ۳۴۵۶ ۷۸۹۰ ۱۲');

  // More than the wallet holds: said as it is typed, and no confirmation step (the server refuses it too).
  const amount = page.getByLabel('مبلغ برداشت (ریال)');
  await amount.fill('4000000');
  await expect(page.getByText('مبلغ برداشت از موجودی قابل برداشت (۳٬۰۰۰٬۰۰۰ ریال) بیشتر است')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'ادامه' }).click();
  const confirm = page.getByRole('dialog', { name: 'تأیید درخواست برداشت' });
  await expect(amount).toBeFocused();
  await expect(confirm).toHaveCount(0);
  await amount.fill('3000000');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');

  // All of it.
  await page.getByRole('button', { name: /همهٔ موجودی/ }).click();
  await expect(page.getByLabel('مبلغ برداشت (ریال)')).toHaveValue('۳٬۰۰۰٬۰۰۰');
  await page.getByRole('button', { name: 'ادامه' }).click();
  await expect(confirm).toContainText('IR05 0170 0000 0012 3456 7890 12');
  await confirm.getByRole('button', { name: 'تأیید و ثبت درخواست' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'درخواست برداشت ثبت شد' })).toBeVisible();
  await expect(page.locator('[data-wallet-available]')).toHaveText('۰ ریال');
  // The form is fresh again: empty, and no error under fields the patient has not touched.
  await expect(amount).toHaveValue('');
  await expect(iban).toHaveValue('');
  await expect(page.locator('main [aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByText('الزامی', { exact: false })).toHaveCount(0);
  const requests = page.getByRole('region', { name: 'درخواست‌های برداشت' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests.getByRole('listitem').first()).toContainText('در انتظار واریز');
  await expect(requests.getByRole('listitem').first()).toContainText('۳٬۰۰۰٬۰۰۰ ریال');

  // Cancel, confirmed: the money comes back.
  await requests.getByRole('button', { name: 'لغو درخواست' }).click();
  await page.getByRole('dialog', { name: 'لغو درخواست برداشت' }).getByRole('button', { name: 'بله، لغو شود' }).click();
  await expect(requests.getByRole('listitem').first()).toContainText('لغو شد');
  await expect(requests.getByRole('button', { name: 'لغو درخواست' })).toHaveCount(0);
  await expect(page.locator('[data-wallet-available]')).toHaveText('۳٬۰۰۰٬۰۰۰ ریال (۳۰۰ هزار تومان)');

  // The statement lists the withdrawal and its reversal; the type filter keeps one, and a reload keeps the filter.
  await page.goto('/financial/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'تراکنش‌های کیف پول' })).toBeVisible();
  const list = page.locator('main ul');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expectNoSevereAxe(page);
  await page.getByLabel('نوع تراکنش').selectOption({ label: 'برداشت به حساب بانکی' });
  await expect(page).toHaveURL(/type=withdrawal$/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('−۳٬۰۰۰٬۰۰۰');
  await expect(list.getByRole('listitem').first()).toContainText('برداشت');
  await page.reload();
  await expect(page.getByLabel('نوع تراکنش')).toHaveValue('withdrawal');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // A range of days that holds nothing: the empty state; removing the filters brings all back.
  await page.goto('/financial/transactions?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('تراکنشی با این فیلترها پیدا نشد.')).toBeVisible();
  await expect(page.getByRole('button', { name: /بازهٔ تاریخ/ })).toContainText('از ۱۳۹۸/۱۰/۱۱ تا ۱۳۹۸/۱۱/۱۱');
  await page.getByRole('button', { name: 'حذف همهٔ فیلترها' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page).toHaveURL(/\/financial\/transactions$/);
});

test('the statement picks a Jalali range of days in the calendar', async ({ page }) => {
  await registeredOn(page, '/financial', 'کیف پول');
  await fund(page, '1000000');
  await page.goto('/financial/transactions');
  await expect(page.locator('main ul').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: /بازهٔ تاریخ/ }).click();
  const calendar = page.locator('.rmdp-calendar');
  await expect(calendar).toBeVisible();
  // Today, twice: a range of one day that holds today's charge.
  const today = calendar.locator('.rmdp-day-picker .rmdp-day.rmdp-today');
  await today.click();
  await today.click();
  await expect(calendar).toHaveCount(0);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.locator('main ul').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /بازهٔ تاریخ/ })).toBeFocused();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no wallet page scrolls sideways and every control is at least 44 px high', async ({ page }) => {
    await registeredOn(page, '/financial', 'کیف پول');
    for (const [path, heading] of [
      ['/financial', 'کیف پول'],
      ['/financial/charge-wallet', 'شارژ کیف پول'],
      ['/patient-profile/charge-wallet', 'شارژ کیف پول'],
      ['/financial/transactions', 'تراکنش‌های کیف پول'],
      ['/financial/refund', 'برداشت از کیف پول به حساب بانکی'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      const small = await page
        .locator('main')
        .locator('button:visible, a:visible, input:visible, select:visible')
        .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)));
      expect(small, path).toEqual([]);
    }
  });
});

test('the hospital pays one withdrawal and rejects another: the patient sees the reference, the reason and the money back', async ({ page, request }) => {
  await registeredOn(page, '/financial', 'کیف پول');
  await fund(page, '5000000');
  await page.goto('/financial/refund');
  for (const amount of ['1000000', '2000000']) {
    await page.getByLabel('مبلغ برداشت (ریال)').fill(amount);
    await page.getByLabel(/شماره شبا/).fill(IBAN);
    await page.getByRole('button', { name: 'ادامه' }).click();
    await page.getByRole('dialog', { name: 'تأیید درخواست برداشت' }).getByRole('button', { name: 'تأیید و ثبت درخواست' }).click();
    await expect(page.locator('.Toastify__toast', { hasText: 'درخواست برداشت ثبت شد' }).last()).toBeVisible();
  }
  const requests = page.getByRole('region', { name: 'درخواست‌های برداشت' });
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  // Newest first for the patient: the 2,000,000 one, then the 1,000,000 one.
  const keyOf = async (n: number) => /WD-[2-9A-Z]{6}/.exec((await requests.getByRole('listitem').nth(n).textContent()) ?? '')![0];
  const [rejectKey, payKey] = [await keyOf(0), await keyOf(1)];

  // The hospital's side, with the portal's local key (what `npm run hospital` uses).
  const key = readFileSync(path.join(process.env.PORTAL_E2E_DATA_DIR!, 'hospital-cli-key'), 'utf8').trim();
  const hospital = (action: string, withdrawal: string, body: object) =>
    request.post(`/api/hospital/v1/withdrawals/${withdrawal}/${action}`, {
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `${withdrawal}-${action}` },
      data: body,
    });
  expect((await hospital('paid', payKey, { bank_reference: 'PAYA-777' })).status()).toBe(200);
  expect((await hospital('reject', rejectKey, { reason: 'شماره شبا به نام صاحب حساب نیست' })).status()).toBe(200);

  await page.reload();
  await expect(requests.getByRole('listitem').nth(1)).toContainText('واریز شد');
  await expect(requests.getByRole('listitem').nth(1)).toContainText('PAYA-777');
  await expect(requests.getByRole('listitem').nth(0)).toContainText('شماره شبا به نام صاحب حساب نیست');
  await expect(requests.getByRole('button', { name: 'لغو درخواست' })).toHaveCount(0);
  // 5,000,000 charged − 1,000,000 paid out; the rejected 2,000,000 came back.
  await expect(page.locator('[data-wallet-available]')).toHaveText('۴٬۰۰۰٬۰۰۰ ریال (۴۰۰ هزار تومان)');
});
