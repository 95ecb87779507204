import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const severe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);

const resultNames = (page: Page) => page.locator('#finder-list h3').allTextContents();

test('the finder filters by specialty, clinic and gender, and its URL can be shared', async ({ page, context }) => {
  await page.goto('/appointment');
  const all = await resultNames(page);
  expect(all.length).toBeGreaterThanOrEqual(40);

  await page.getByLabel('تخصص').selectOption({ label: 'زنان، زایمان و نازایی' });
  await expect(page).toHaveURL(/expertise=obstetrics-gynecology/);
  await page.getByLabel('جنسیت پزشک').selectOption('female');
  await expect(page).toHaveURL(/gender=female/);
  const filtered = await resultNames(page);
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.length).toBeLessThan(all.length);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('پزشکان زنان، زایمان و نازایی');
  for (const card of await page.locator('#finder-list article').all()) {
    await expect(card).toContainText('زنان، زایمان و نازایی');
    await expect(card).toContainText('ریال');
    await expect(card).toContainText(/روزهای کاری پیش رو|نوبتی ندارد/);
  }

  // The same URL in another tab shows the same result.
  const shared = await context.newPage();
  await shared.goto(page.url());
  expect(await resultNames(shared)).toEqual(filtered);
  await expect(shared.getByLabel('تخصص')).toHaveValue('obstetrics-gynecology');

  // A filter chip removes its filter.
  await page.getByRole('link', { name: 'حذف فیلتر پزشکان زن' }).click();
  await expect(page).not.toHaveURL(/gender=/);

  await page.goto('/appointment?clinic=heart');
  for (const card of await page.locator('#finder-list article').all()) await expect(card).toContainText('درمانگاه قلب');
});

test('name search finds a doctor whether typed with ZWNJ, spaces or Arabic letters', async ({ page }) => {
  await page.goto('/appointment');
  const names = await resultNames(page);
  // A two-part first name (e.g. «امیرحسین») and one with ی or ک, taken from the real list.
  const compound = names.map((name) => name.replace(/^دکتر /, '')).find((name) => /^(امیر|محمد|علی)\S+ /.test(name));
  const withYeh = names.map((name) => name.replace(/^دکتر /, '')).find((name) => /[یک]/.test(name))!;
  expect(compound, 'the demo data has a compound first name').toBeTruthy();
  const [first, last] = compound!.split(' ');
  const split = first!.replace(/^(امیر|محمد|علی)/, '$1\u200C');

  for (const query of [`${split} ${last}`, `${first!.replace(/^(امیر|محمد|علی)/, '$1 ')}`, withYeh.replace(/ی/g, 'ي').replace(/ک/g, 'ك')]) {
    await page.getByLabel('نام پزشک').fill(query);
    await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
    await expect(page).toHaveURL(/q=/);
    const found = (await resultNames(page)).map((name) => name.replace(/^دکتر /, ''));
    expect(found.length, `results for «${query}»`).toBeGreaterThan(0);
    expect(found).toContain(query.includes('ي') || query.includes('ك') ? withYeh : compound);
  }

  await page.getByLabel('نام پزشک').fill('نامی که وجود ندارد');
  await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
  await expect(page.getByText('پزشکی با این مشخصات پیدا نشد.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '۰ پزشک پیدا شد' })).toBeVisible();
});

/** The name as the cards show it, and a specialty word, find doctors. */
async function searchByTitleAndSpecialty(page: Page) {
  await page.goto('/appointment');
  for (const query of ['دکتر مریم احمدی', 'دكتر مريم احمدي']) {
    await page.getByLabel('نام پزشک').fill(query);
    await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
    await expect(page).toHaveURL(/q=/);
    expect(await resultNames(page), `results for «${query}»`).toContain('دکتر مریم احمدی');
  }

  await page.getByLabel('نام پزشک').fill('قلب');
  await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
  await expect(page).toHaveURL(/q=%D9%82%D9%84%D8%A8/);
  const cards = page.locator('#finder-list article');
  await expect(cards.first()).toBeVisible();
  // Every cardiologist, and only doctors whose title or specialty speaks of the heart.
  const cardiologists = (await (await page.request.get('/appointment?expertise=cardiology')).text()).match(/<h3[^>]*><a[^>]*>[^<]+/g)!.length;
  expect(await cards.count()).toBeGreaterThanOrEqual(cardiologists);
  for (const card of await cards.all()) await expect(card).toContainText('قلب');

  await page.getByLabel('نام پزشک').fill('زنان');
  await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
  await expect(page.locator('#finder-list article').first()).toBeVisible();
  for (const card of await page.locator('#finder-list article').all()) await expect(card).toContainText('زنان');
}

test('the search finds «دکتر مریم احمدی» and the cardiologists for «قلب»', async ({ page }) => {
  await searchByTitleAndSpecialty(page);
});

test('from home to a doctor profile with the keyboard only', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('نام پزشک').focus();
  await page.keyboard.type('احمدی');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appointment\?q=/);
  const link = page.locator('#finder-list h3 a').first();
  const name = (await link.textContent())!;
  for (let i = 0; i < 40 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appointment\/doctor-profile\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('table')).toContainText(/شنبه|یک‌شنبه|دوشنبه|سه‌شنبه|چهارشنبه|پنج‌شنبه|جمعه/);
  await expect(page.getByText(/هزینهٔ ویزیت: .*ریال/)).toBeVisible();
});

/** The cards' next free slots, in the order shown ('' for none). */
const nextFreeShown = (page: Page) => page.locator('#finder-list [data-card-next-free]').evaluateAll((els) => els.map((el) => el.getAttribute('data-next-free') ?? ''));
const tehranDay = (at: string | Date) => new Date(at).toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });

test('fees read in rials with tomans, and a Latin name finds the doctor', async ({ page }) => {
  await page.goto('/appointment?q=Dr+Ahmadi');
  await expect(page.locator('#finder-list h3')).toContainText(['دکتر مریم احمدی']);
  await expect(page.locator('#finder-list article').first()).toContainText(/هزینهٔ ویزیت: [۰-۹٬]+ ریال \([۰-۹]+ (هزار|میلیون)[^)]* تومان\)/);
  await page.goto('/appointment?q=ahmadi');
  await expect(page.locator('#finder-list h3')).toContainText(['دکتر مریم احمدی']);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("the finder lists the soonest free slot first, and «امروز» keeps only today's, without JavaScript", async ({ page }) => {
    await page.goto('/appointment');
    const all = await nextFreeShown(page);
    expect(all.length).toBeGreaterThanOrEqual(40);
    const known = all.filter(Boolean);
    expect(known.length).toBeGreaterThan(0);
    // Known times ascending, then the doctors with none.
    expect(all.slice(0, known.length)).toEqual([...known].sort((a, b) => Date.parse(a) - Date.parse(b)));

    await page.getByLabel('فقط پزشکانی که امروز نوبت خالی دارند').check();
    await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
    await expect(page).toHaveURL(/today=1/);
    // Other tests book meanwhile, so the list is checked for what it must be, not against the first.
    const shown = await nextFreeShown(page);
    expect(shown.length).toBeLessThan(all.length);
    for (const at of shown) expect(tehranDay(at)).toBe(tehranDay(new Date()));
    expect(shown).toEqual([...shown].sort((a, b) => Date.parse(a) - Date.parse(b)));
    if (shown.length === 0) await expect(page.getByText('امروز نوبت خالی‌ای نمانده است.')).toBeVisible();
    else await expect(page.getByRole('link', { name: 'حذف فیلتر نوبت خالی امروز' })).toBeVisible();
  });

  test('a visitor browses from home to a profile and filters doctors', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'همهٔ تخصص‌ها' }).click();
    await expect(page).toHaveURL(/\/expertise-group$/);
    await page
      .getByRole('link', { name: /قلب و عروق/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/appointment\?expertise=cardiology/);
    const cards = page.locator('#finder-list article');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) await expect(card).toContainText('قلب و عروق');

    await page.getByLabel('جنسیت پزشک').selectOption('male');
    await page.getByRole('button', { name: 'نمایش پزشکان' }).click();
    await expect(page).toHaveURL(/gender=male/);
    await page.locator('#finder-list h3 a').first().click();
    await expect(page).toHaveURL(/doctor-profile/);
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/clinics\//);
    await expect(page.getByRole('heading', { name: 'ساعت کار' })).toBeVisible();
  });

  test('the search finds «دکتر مریم احمدی» and the cardiologists for «قلب»', async ({ page }) => {
    await searchByTitleAndSpecialty(page);
  });
});

for (const path of [
  '/',
  '/expertise-group',
  '/appointment',
  '/appointment?expertise=pediatrics&gender=female',
  '/appointment?q=zzz',
  '/clinics/women',
  '/appointment/doctor-profile/amirhossein-salehi',
]) {
  test(`axe finds nothing serious on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await severe(page)).toEqual([]);
  });
}

test('each page has its title, description, canonical and structured data', async ({ page }) => {
  await page.goto('/');
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)).toMatchObject({ '@type': 'Hospital' });
  await page.goto('/clinics/women');
  await expect(page).toHaveTitle(/درمانگاه زنان/);
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)).toMatchObject({ '@type': 'MedicalClinic' });
  await page.goto('/appointment/doctor-profile/amirhossein-salehi');
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)).toMatchObject({ '@type': 'Physician' });
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/appointment\/doctor-profile\/amirhossein-salehi$/);
  await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{40,}/);
});
