import AxeBuilder from '@axe-core/playwright';
import { toPersianDigits } from '../../src/lib/format/digits.ts';
import { codeFor, enterCode, expect, logoutThroughMenu, newNationalCode, newPhone, RESEND_WAIT_MS, registerThroughPopup, startLogin, test } from './fixtures.ts';

const person = () => ({ first: 'سارا', last: 'رضایی', nationalCode: newNationalCode() });
const severe = (violations: { impact?: string | null; id: string }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test('a new phone registers, and the header shows the account, also after a reload', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  await registerThroughPopup(page, phone, person());
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.phone_number)).toBe(phone);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  await expect(page.getByRole('button', { name: 'ورود / ثبت‌نام' })).toBeHidden();
});

test('"edit number" returns to the phone step; a second code within 60 s is refused in the popup', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  await startLogin(page, phone);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /ارسال دوباره کد \(/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'ویرایش شماره' }).click();
  await expect(dialog.getByRole('heading', { name: 'ورود یا ثبت‌نام' })).toBeVisible();
  await expect(dialog.getByLabel('شمارهٔ موبایل')).toHaveValue(toPersianDigits(phone));
  await dialog.getByRole('button', { name: 'ارسال کد تأیید' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog.getByRole('heading', { name: 'ورود یا ثبت‌نام' })).toBeVisible();
});

test('"cancel" on registration clears the form and closes the popup', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  const sentAt = await startLogin(page, phone);
  await enterCode(page, phone, sentAt);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'زن' })).toBeChecked();
  await dialog.getByLabel('نام', { exact: true }).fill('نگار');
  await dialog.getByRole('button', { name: 'انصراف' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
  await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong code is refused in Persian; fewer than 5 digits are never sent; Persian digits are accepted', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  const sentAt = await startLogin(page, phone);
  const code = await codeFor(phone, { after: sentAt });
  const dialog = page.getByRole('dialog');
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/check_verification_code')) checks.push(request.postData() ?? '');
  });
  const input = dialog.getByLabel('کد تأیید');
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await input.fill(code.slice(0, 4));
  await expect(dialog.getByRole('button', { name: 'تأیید' })).toBeDisabled();
  await page.waitForTimeout(400);
  expect(checks).toEqual([]);

  const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await input.fill(toPersianDigits(wrong));
  await expect(dialog.getByText('کد تأیید درست نیست')).toBeVisible();
  expect(checks.map((body) => JSON.parse(body))).toEqual([{ code: wrong, phone_number: phone }]);

  // The right code still works after one wrong try.
  await input.fill(code);
  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
});

test('the whole login can be done with the keyboard only', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  const login = page.getByRole('button', { name: 'ورود / ثبت‌نام' });
  for (let i = 0; i < 10 && !(await login.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(login).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  // Desktop browsers focus the field at once; on touch devices Headless UI leaves the on-screen
  // keyboard closed until asked, and a keyboard user tabs to it.
  const phoneField = dialog.getByLabel('شمارهٔ موبایل');
  await expect(phoneField).toBeVisible();
  for (let i = 0; i < 4 && !(await phoneField.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(phoneField).toBeFocused();
  await page.keyboard.type(phone);
  const sentAt = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('کد تأیید')).toBeFocused();
  await page.keyboard.type(await codeFor(phone, { after: sentAt }));
  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
  // The name field is the first field of the step: reach it with Tab from the dialog's start.
  const firstName = dialog.getByLabel('نام', { exact: true });
  for (let i = 0; i < 6 && !(await firstName.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(firstName).toBeFocused();
  await page.keyboard.type('پریسا');
  await page.keyboard.press('Tab');
  await page.keyboard.type('نوری');
  await page.keyboard.press('Tab');
  await page.keyboard.type(newNationalCode());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-user-name]').first()).toHaveText('پریسا نوری');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the popup is a persistent bottom sheet with rounded top corners, and passes axe', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('شمارهٔ موبایل')).toBeVisible();
    const sheet = page.locator('dialog[open]');
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.width)).toBe(375);
    expect(Math.round(box.y + box.height)).toBe(740);
    const [top, bottom] = await sheet.evaluate((el) => [getComputedStyle(el).borderTopLeftRadius, getComputedStyle(el).borderBottomLeftRadius]);
    expect(parseFloat(top!)).toBeGreaterThan(0);
    expect(parseFloat(bottom!)).toBe(0);
    await page.mouse.click(20, 20);
    // Still open (the role=dialog wrapper itself has no box: its content is fixed-position).
    await expect(dialog.getByLabel('شمارهٔ موبایل')).toBeVisible();
    expect(severe((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  });
});

test('on a wide screen the popup is a centred dialog at most 500 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
  const sheet = page.locator('dialog[open]');
  await expect(sheet).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(500);
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
});

test.describe('logging in again (waits out the 60 s between codes)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one project is enough for the slow flows');
    test.setTimeout(RESEND_WAIT_MS * 2 + 60_000);
  });

  test('one account logs straight in; logout revokes the token and goes home', async ({ page }) => {
    const phone = newPhone();
    const someone = person();
    await page.goto('/offline');
    await registerThroughPopup(page, phone, someone);
    const firstToken = await page.evaluate(() => localStorage.getItem('token'));
    await logoutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await expect.poll(async () => (await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${firstToken}` }, data: {} })).status()).toBe(401);

    await page.waitForTimeout(RESEND_WAIT_MS);
    const sentAt = await startLogin(page, phone);
    await enterCode(page, phone, sentAt);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-user-name]').first()).toHaveText(`${someone.first} ${someone.last}`);
  });

  test('a phone with two accounts picks one; the picker offers to add another person', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/');
    await registerThroughPopup(page, phone, { first: 'مریم', last: 'کاظمی', nationalCode: newNationalCode() });
    await logoutThroughMenu(page);

    // A second person under the same phone, through the same verification's registration window.
    const code = await codeFor(phone);
    const registered = await page.request.post('/api/auth/register', {
      data: { phone_number: phone, code, first_name: 'علی', last_name: 'کاظمی', international_code: newNationalCode(), gender: 'male' },
    });
    expect(registered.status()).toBe(200);

    await page.waitForTimeout(RESEND_WAIT_MS);
    const sentAt = await startLogin(page, phone);
    await enterCode(page, phone, sentAt);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'انتخاب حساب' })).toBeVisible();
    const accounts = dialog.getByRole('list', { name: 'حساب‌ها' }).getByRole('button');
    await expect(accounts).toHaveCount(2);
    await expect(accounts.nth(0)).toContainText('مریم کاظمی');
    await expect(accounts.nth(1)).toContainText('علی کاظمی');
    await expect(accounts.nth(1)).toContainText('ریال');
    await expect(dialog.getByRole('button', { name: 'افزودن فرد دیگر' })).toBeVisible();
    expect(severe((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations)).toEqual([]);
    await accounts.nth(1).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-user-name]').first()).toHaveText('علی کاظمی');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').first_name)).toBe('علی');
  });

  test('"add another person" in the picker registers a family member under the same phone and logs in as them', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/');
    await registerThroughPopup(page, phone, { first: 'نرگس', last: 'امینی', nationalCode: newNationalCode() });
    const code = await codeFor(phone);
    const second = await page.request.post('/api/auth/register', {
      data: { phone_number: phone, code, first_name: 'کاوه', last_name: 'امینی', international_code: newNationalCode(), gender: 'male' },
    });
    expect(second.status()).toBe(200);
    await logoutThroughMenu(page);

    await page.waitForTimeout(RESEND_WAIT_MS);
    const sentAt = await startLogin(page, phone);
    await enterCode(page, phone, sentAt);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'افزودن فرد دیگر' }).click();
    // Another person with this number, not «the first time with this number».
    await expect(dialog.getByRole('heading', { name: 'افزودن فرد دیگر' })).toBeVisible();
    await expect(dialog).not.toContainText('اولین بار');
    await dialog.getByLabel('نام', { exact: true }).fill('آوا');
    await dialog.getByLabel('نام خانوادگی').fill('امینی');
    await dialog.getByLabel('کد ملی').fill(newNationalCode());
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-user-name]').first()).toHaveText('آوا امینی');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await page.request.post('/api/user/info', { headers: { Authorization: `Bearer ${token}` }, data: {} });
    expect(((await info.json()) as { user: { phone_number: string; first_name: string } }).user).toMatchObject({ phone_number: phone, first_name: 'آوا' });
  });
});

test('closing the popup at the code step keeps the sent code: reopening and reloading return to the code step', async ({ page }) => {
  await page.goto('/');
  const phone = newPhone();
  const sentAt = await startLogin(page, phone);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'بستن' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Reopened from the header: the code step, its phone, «ویرایش شماره», the countdown still running.
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
  await expect(dialog.getByLabel('کد تأیید')).toBeVisible();
  await expect(dialog).toContainText(toPersianDigits(phone));
  await expect(dialog.getByRole('button', { name: 'ویرایش شماره' })).toBeVisible();
  const resend = dialog.getByRole('button', { name: /ارسال دوباره کد \(/ });
  await expect(resend).toBeDisabled();
  const seconds = Number(/\((\S+) ثانیه\)/.exec((await resend.textContent()) ?? '')?.[1]?.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);

  // A reload while the popup waits for the code opens it again on the code step.
  await page.reload();
  await expect(page.getByRole('dialog').getByLabel('کد تأیید')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: /ارسال دوباره کد \(/ })).toBeDisabled();
  await enterCode(page, phone, sentAt);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'تکمیل اطلاعات' })).toBeVisible();
});

test('once the code has expired (2 minutes), reopening the popup starts at the phone step', async ({ page }) => {
  await page.goto('/');
  await startLogin(page, newPhone());
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  // Two minutes later, as the page would see it.
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('login_code')!) as { sentAt: number; resendAt: number };
    sessionStorage.setItem('login_code', JSON.stringify({ ...stored, sentAt: stored.sentAt - 121_000, resendAt: stored.resendAt - 121_000 }));
  });
  await page.reload();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
  await expect(page.getByRole('dialog').getByLabel('شمارهٔ موبایل')).toBeVisible();
});
