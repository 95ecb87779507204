import { expect, type Locator, type Page, test } from '@playwright/test';
import { portalAreas, shown } from '../../src/lib/site/areas.ts';
import { loggedInByApi, newNationalCode, newPhone } from './fixtures.ts';

/** Phones get a navigation that shows every area; desktops keep the row under the header. */
const areas = shown(portalAreas);

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('every area is in the bottom bar, inside the screen, with 44 px targets, and each takes a tap', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await expect(nav.getByRole('link')).toHaveCount(areas.length);
    for (const area of areas) {
      const link = nav.getByRole('link', { name: area.short, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(667);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    for (const area of areas) {
      await nav.getByRole('link', { name: area.short, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === area.href);
      // A patient's own area (the wallet, the test results) opens the login popup for a visitor; closing it frees the bar.
      if (area.href === '/financial' || area.href === '/test-response/give-response') await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
      await expect(nav.getByRole('link', { name: area.short, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
  });

  test('the bar stays on screen while scrolling and never covers the footer', async ({ page }) => {
    await page.goto('/pregnancy-timeline');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(nav).toBeInViewport({ ratio: 1 });
    const footer = page.locator('footer');
    await expect(footer).toBeInViewport();
    const [footerBottom, navTop] = await Promise.all([footer.evaluate((element) => element.getBoundingClientRect().bottom), nav.evaluate((element) => element.getBoundingClientRect().top)]);
    expect(footerBottom).toBeLessThanOrEqual(navTop + 0.5);
  });

  test('the bar is left out of print', async ({ page }) => {
    await page.goto('/');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'بخش‌های پورتال' })).toBeHidden();
  });

  test('a page below an area marks that area current', async ({ page }) => {
    await page.goto('/pregnancy-timeline/20');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await expect(nav.locator('[aria-current="page"]')).toHaveAccessibleName('بارداری');
  });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the areas are a row of full labels inside the header', async ({ page }) => {
    await page.goto('/appointment');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    const header = await page.locator('header').boundingBox();
    for (const area of areas) {
      const link = nav.getByRole('link', { name: area.label, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(header!.y + header!.height);
    }
    await expect(nav.getByRole('link', { name: 'نوبت‌دهی', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav).toHaveCSS('position', 'static');
  });
});

/** WCAG 2.5.8 as this portal keeps it: every tap target at least 44 px high, and no narrower than 2.5.8's 24 px. */
async function expectTapTarget(target: Locator, min = 44) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.height, `${await target.textContent()} is ${box.height} px high`).toBeGreaterThanOrEqual(min);
  expect(box.width).toBeGreaterThanOrEqual(24);
}

const LONG_NAME = { first: 'عبدالرضا', last: 'حسین‌زاده شریعتمداری اصفهانی' };

async function loggedInWithLongName(page: Page) {
  await loggedInByApi(page, { phone: newPhone(), nationalCode: newNationalCode(), ...LONG_NAME });
}

for (const width of [320, 375]) {
  test.describe(`logged in with a long name on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('the header stays one line, the name cut with the whole of it kept, and the menu items are 44 px', async ({ page }) => {
      await loggedInWithLongName(page);
      await page.goto('/');
      const fullName = `${LONG_NAME.first} ${LONG_NAME.last}`;
      const name = page.locator('header [data-user-name]');
      await expect(name).toHaveAttribute('title', fullName);
      // One row: the 44 px controls and the bar's padding, not two or three lines of text.
      const row = (await page.locator('header > div').first().boundingBox())!;
      expect(row.height).toBeLessThanOrEqual(61);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const menu = page.locator('header summary');
      await expect(menu).toHaveAccessibleName(fullName);
      await menu.click();
      const items = page.locator('[data-user-menu] a, [data-user-menu] button:visible');
      expect(await items.count()).toBeGreaterThanOrEqual(6);
      for (const item of await items.all()) await expectTapTarget(item);
    });
  });
}

test.describe('tap targets on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('a logged-in patient has «نوبت‌های من» in the bottom bar; a visitor does not', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await expect(nav.getByRole('link', { name: 'نوبت‌های من' })).toHaveCount(0);
    await loggedInWithLongName(page);
    await page.goto('/');
    const mine = nav.getByRole('link', { name: 'نوبت‌های من' });
    await expectTapTarget(mine);
    await expect(mine).toBeInViewport({ ratio: 1 });
    // Every label of the bar fits its cell (on a 375 px phone «نوبت‌های من» takes the place of «تخصص‌ها»).
    for (const link of await nav.getByRole('link').all()) {
      expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth), (await link.textContent()) ?? '').toBe(true);
    }
    await mine.click();
    await expect(page).toHaveURL(/\/patient-profile\/services$/);
    await expect(nav.getByRole('link', { name: 'نوبت‌های من' })).toHaveAttribute('aria-current', 'page');
  });

  test('the emergency line is a large call button', async ({ page }) => {
    await page.goto('/sr');
    const call = page.getByRole('link', { name: /اورژانس ۱۱۵/ });
    await expect(call).toHaveAttribute('href', 'tel:115');
    await expectTapTarget(call, 48);
    expect((await call.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  });

  test('links in text are 44 px targets: «همهٔ تخصص‌ها», doctor names, breadcrumbs, clinic phones', async ({ page }) => {
    await page.goto('/');
    await expectTapTarget(page.getByRole('link', { name: 'همهٔ تخصص‌ها' }));
    await page.goto('/appointment?q=احمدی');
    await expectTapTarget(page.locator('#finder-list h3 a').first());
    await page.goto('/clinics/heart');
    await expectTapTarget(page.getByRole('navigation', { name: 'مسیر' }).getByRole('link', { name: 'خانه' }));
    await expectTapTarget(page.locator('main a[href^="tel:"]').first());
    await page.goto('/appointment/doctor-profile/maryam-ahmadi');
    for (const phone of await page.locator('main a[href^="tel:"]').all()) await expectTapTarget(phone);
  });

  test('the home page puts the services before a compact clinic list', async ({ page }) => {
    await page.goto('/');
    const services = (await page.locator('#home-services').boundingBox())!;
    const clinics = (await page.locator('#home-clinics').boundingBox())!;
    expect(services.y).toBeLessThan(clinics.y);
    // Every clinic is still listed and linked, its description on its own page.
    await expect(page.locator('section[aria-labelledby="home-clinics"] a[href^="/clinics/"]')).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3600);
  });
});
