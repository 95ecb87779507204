import { expect, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

// The header shows the account from the server, not only what localStorage remembered: a change
// made elsewhere (another device, a payment) shows on the next page load.
test('the header refreshes the name from the server on the next page', async ({ page }) => {
  await page.goto('/');
  const nationalCode = newNationalCode();
  await registerThroughPopup(page, newPhone(), { first: 'سارا', last: 'رضایی', nationalCode });

  // Another device renames the account through the API with the same token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const changed = await page.request.post('/api/user/update', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'ساره', last_name: 'رضایی', international_code: nationalCode, birthday: null, gender: 'female' },
  });
  expect(changed.status()).toBe(200);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.first_name)).toBe('سارا');

  await page.goto('/expertise-group');
  await expect(page.locator('[data-user-name]').first()).toHaveText('ساره رضایی');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.first_name)).toBe('ساره');
});

test('a token the server no longer knows logs out quietly on the next page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'A'.repeat(43));
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: 1,
        first_name: 'کاربر',
        last_name: 'قدیمی',
        full_name: 'کاربر قدیمی',
        international_code: '',
        phone_number: '09120000000',
        birthday: null,
        gender: 'female',
        profile_path: null,
        wallet: 0,
      }),
    );
  });
  await page.goto('/expertise-group');
  await expect(page.getByRole('button', { name: 'ورود / ثبت‌نام' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
