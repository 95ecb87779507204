import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, expect, newNationalCode, newPhone, test } from './fixtures.ts';

/**
 * Number fields show Persian digits like the rest of the page, whatever the keyboard typed or the
 * clipboard held, while the portal still receives Latin digits (the SMS goes to the number typed).
 */
test('the login fields echo Persian digits and still send Latin ones', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).first().click();
  const dialog = page.getByRole('dialog');
  const phoneField = dialog.getByLabel('شمارهٔ موبایل');
  const phone = newPhone();

  // Typed in Latin digits, with a digit put back in the middle: the caret stays where it was.
  await phoneField.pressSequentially(phone.slice(0, 4) + phone.slice(5));
  await expect(phoneField).toHaveValue(toPersianDigits(phone.slice(0, 4) + phone.slice(5)));
  for (let i = 0; i < phone.length - 5; i++) await phoneField.press('ArrowLeft');
  await phoneField.press(phone[4]!);
  await expect(phoneField).toHaveValue(toPersianDigits(phone));
  expect(await phoneField.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
  // Pasted Arabic-Indic digits read the same.
  await phoneField.fill(phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
  await expect(phoneField).toHaveValue(toPersianDigits(phone));

  const sentAt = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'ارسال کد تأیید' }).click();
  const codeField = dialog.getByLabel('کد تأیید');
  await expect(codeField).toBeVisible();
  const code = await codeFor(phone, { after: sentAt });
  await codeField.pressSequentially(code.slice(0, 3));
  await expect(codeField).toHaveValue(toPersianDigits(code.slice(0, 3)));
  await codeField.pressSequentially(code.slice(3));

  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
  const nationalCode = newNationalCode();
  const nationalField = dialog.getByLabel('کد ملی');
  await nationalField.fill(nationalCode);
  await expect(nationalField).toHaveValue(toPersianDigits(nationalCode));
  await dialog.getByLabel('نام', { exact: true }).fill('سارا');
  await dialog.getByLabel('نام خانوادگی').fill('جعفری');
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { international_code?: string; phone_number?: string });
  expect(user.international_code).toBe(nationalCode);
});
