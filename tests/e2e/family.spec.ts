import { expect as baseExpect } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, expect, newNationalCode, newPhone, registerThroughPopup, RESEND_WAIT_MS, test } from './fixtures.ts';

/** Issue 9, item 10: another person under a phone that has one account, from the user menu. */
test.describe('another person with the same phone, from the user menu (waits out the 60 s between codes)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one project is enough for the slow flows');
    test.setTimeout(RESEND_WAIT_MS * 2 + 90_000);
  });

  test('«افزودن فرد دیگر» adds a family member to a one-account phone and logs in as them; «تغییر فرد» goes back', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/');
    await registerThroughPopup(page, phone, { first: 'مهسا', last: 'توکلی', nationalCode: newNationalCode() });
    const firstToken = await page.evaluate(() => localStorage.getItem('token'));
    const menu = page.locator('[data-user-menu]');
    await menu.locator('summary').click();
    await expect(menu.getByRole('button', { name: 'افزودن فرد دیگر' })).toBeVisible();
    // One account so far: nobody to switch to.
    await expect(menu.getByRole('button', { name: 'تغییر فرد' })).toBeHidden();
    await menu.locator('summary').click();

    await page.waitForTimeout(RESEND_WAIT_MS);
    await menu.locator('summary').click();
    const addAt = Date.now() - 1000;
    await menu.getByRole('button', { name: 'افزودن فرد دیگر' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('کد تأیید')).toBeVisible();
    await expect(dialog).toContainText('برای افزودن فرد دیگر');
    await expect(dialog).toContainText(toPersianDigits(phone));
    // The phone is the logged-in one: nothing to edit.
    await expect(dialog.getByRole('button', { name: 'ویرایش شماره' })).toHaveCount(0);
    await dialog.getByLabel('کد تأیید').fill(await codeFor(phone, { after: addAt }));

    await expect(dialog.getByRole('heading', { name: 'افزودن فرد دیگر' })).toBeVisible();
    await expect(dialog).not.toContainText('اولین بار');
    await dialog.getByLabel('نام', { exact: true }).fill('نیما');
    await dialog.getByLabel('نام خانوادگی').fill('توکلی');
    await dialog.getByLabel('کد ملی').fill(newNationalCode());
    await dialog.locator('label', { hasText: 'مرد' }).click();
    await expect(dialog.getByRole('radio', { name: 'مرد' })).toBeChecked();
    await dialog.getByRole('button', { name: 'ذخیره' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-user-name]').first()).toHaveText('نیما توکلی');
    await expect(page.locator('.Toastify__toast', { hasText: 'نیما توکلی افزوده شد' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${token}` }, data: {} });
    baseExpect(((await info.json()) as { user: { phone_number: string; first_name: string } }).user).toMatchObject({ phone_number: phone, first_name: 'نیما' });
    // The previous person's token left this device and was revoked.
    await expect
      .poll(async () => (await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${firstToken}` }, data: {} })).status())
      .toBe(401);

    // Two people now: «تغییر فرد» lists both after a fresh code, the current one marked.
    await page.waitForTimeout(RESEND_WAIT_MS);
    await menu.locator('summary').click();
    const switchAt = Date.now() - 1000;
    await menu.getByRole('button', { name: 'تغییر فرد' }).click();
    await expect(dialog.getByLabel('کد تأیید')).toBeVisible();
    await dialog.getByLabel('کد تأیید').fill(await codeFor(phone, { after: switchAt }));
    await expect(dialog.getByRole('heading', { name: 'انتخاب حساب' })).toBeVisible();
    const accounts = dialog.getByRole('list', { name: 'حساب‌ها' }).getByRole('button');
    await expect(accounts).toHaveCount(2);
    await expect(accounts.filter({ hasText: 'نیما توکلی' })).toContainText('حساب فعلی');
    await accounts.filter({ hasText: 'مهسا توکلی' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-user-name]').first()).toHaveText('مهسا توکلی');
  });
});
