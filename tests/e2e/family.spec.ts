import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { expect, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

/** The messages the console SMS provider wrote to `phone` so far (codes and notifications alike). */
function smsCount(phone: string): number {
  const file = path.join(process.env.PORTAL_E2E_DATA_DIR!, 'sms-outbox.jsonl');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { to: string }).to === phone).length;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const infoStatus = async (page: Page, token: string | null) => (await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${token}` }, data: {} })).status();

/**
 * Another person with the same phone, from the user menu: once the phone is verified, the session
 * proves it (decision 020), so adding and switching send no SMS; only an ended session asks again.
 */
test.describe('the people of one phone, from the user menu', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one project is enough for the slow flows');
  });

  test('adds a person and switches back and forth without a new SMS; an ended session asks for a code', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/');
    await registerThroughPopup(page, phone, { first: 'مهسا', last: 'توکلی', nationalCode: newNationalCode() });
    expect(smsCount(phone)).toBe(1);
    const firstToken = await tokenOf(page);
    const menu = page.locator('[data-user-menu]');
    const dialog = page.getByRole('dialog');
    const header = page.locator('[data-user-name]').first();

    await menu.locator('summary').click();
    // One account so far: nobody to switch to.
    await expect(menu.getByRole('button', { name: 'تغییر فرد' })).toBeHidden();
    // Right after registering: the person's form at once, no code step and no claim of a sent code.
    await menu.getByRole('button', { name: 'افزودن فرد دیگر' }).click();
    await expect(dialog.getByRole('heading', { name: 'افزودن فرد دیگر' })).toBeVisible();
    await expect(dialog.getByLabel('کد تأیید')).toHaveCount(0);
    await expect(dialog).not.toContainText('پیامک');
    await expect(dialog).not.toContainText('اولین بار');
    await dialog.getByLabel('نام', { exact: true }).fill('نیما');
    await dialog.getByLabel('نام خانوادگی').fill('توکلی');
    await dialog.getByLabel('کد ملی').fill(newNationalCode());
    await dialog.locator('label', { hasText: 'مرد' }).click();
    await expect(dialog.getByRole('radio', { name: 'مرد' })).toBeChecked();
    await dialog.getByRole('button', { name: 'ذخیره' }).click();

    await expect(dialog).toHaveCount(0);
    await expect(header).toHaveText('نیما توکلی');
    await expect(page.locator('.Toastify__toast', { hasText: 'نیما توکلی افزوده شد' })).toBeVisible();
    const nimaToken = await tokenOf(page);
    const info = await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${nimaToken}` }, data: {} });
    baseExpect(((await info.json()) as { user: { phone_number: string; first_name: string } }).user).toMatchObject({ phone_number: phone, first_name: 'نیما' });
    // The token traded for the new person's opens nothing any more.
    expect(await infoStatus(page, firstToken)).toBe(401);

    // Two people now: «تغییر فرد» lists both at once, the current one marked, and goes back and forth.
    for (const [from, to] of [
      ['نیما توکلی', 'مهسا توکلی'],
      ['مهسا توکلی', 'نیما توکلی'],
      ['نیما توکلی', 'مهسا توکلی'],
    ] as const) {
      const before = await tokenOf(page);
      await menu.locator('summary').click();
      await menu.getByRole('button', { name: 'تغییر فرد' }).click();
      await expect(dialog.getByRole('heading', { name: 'انتخاب حساب' })).toBeVisible();
      await expect(dialog.getByLabel('کد تأیید')).toHaveCount(0);
      const accounts = dialog.getByRole('list', { name: 'حساب‌ها' }).getByRole('button');
      await expect(accounts).toHaveCount(2);
      await expect(accounts.filter({ hasText: from })).toContainText('حساب فعلی');
      await accounts.filter({ hasText: to }).click();
      await expect(dialog).toHaveCount(0);
      await expect(header).toHaveText(to);
      expect(await infoStatus(page, before)).toBe(401);
    }
    expect(await infoStatus(page, await tokenOf(page))).toBe(200);
    // Adding and three switches: still the registration's one SMS.
    expect(smsCount(phone)).toBe(1);

    // The session ends elsewhere (revoked, as an expired one answers): the phone must be proved again.
    expect((await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${await tokenOf(page)}` }, data: {} })).status()).toBe(200);
    await menu.locator('summary').click();
    await menu.getByRole('button', { name: 'تغییر فرد' }).click();
    await expect(dialog.getByLabel('کد تأیید')).toBeVisible();
    await expect(dialog).toContainText('ورود شما در این دستگاه به پایان رسیده است');
    await expect(dialog).toContainText(toPersianDigits(phone));
    await expect(dialog.getByRole('button', { name: 'ویرایش شماره' })).toHaveCount(0);
    // What the step says matches the outbox: a code within a minute of the last one is refused, and then none is claimed.
    const intro = dialog.getByText(/پیامک‌شده به|هنوز کدی به/);
    await expect(intro).toBeVisible();
    if (smsCount(phone) === 1) {
      await expect(intro).toContainText('هنوز کدی به');
      await expect(dialog.getByRole('button', { name: /^ارسال کد \([۰-۹]+ ثانیه\)$/ })).toBeDisabled();
      await expect(dialog.getByRole('alert').filter({ hasText: 'دوباره کد بخواهید' })).toBeVisible();
    } else {
      expect(smsCount(phone)).toBe(2);
      await expect(intro).toContainText('پیامک‌شده به');
    }
  });
});
