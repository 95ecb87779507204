import { readdirSync, readFileSync } from 'node:fs';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../src/content/services-schema.ts';
import { expect, expectNoSevereAxe, test } from './fixtures.ts';

/** The services on request, /sr and /sr/services, read from the same files the pages are built from. */
const dir = new URL('../../src/content/services/', import.meta.url);
const services = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const data = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { name: string; category: ServiceCategory; order: number };
    return { slug: name.replace(/\.json$/, ''), ...data };
  });
const categories = (Object.keys(SERVICE_CATEGORIES) as ServiceCategory[]).filter((id) => services.some((s) => s.category === id));
const inCategory = (id: ServiceCategory) => services.filter((s) => s.category === id).sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'fa'));

test('/sr explains the steps and links to the services, the request form, my requests and my invoices', async ({ page }) => {
  await page.goto('/sr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('درخواست خدمات');
  await expect(page.getByRole('list', { name: 'چطور کار می‌کند' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'درخواست خدمت', exact: true })).toHaveAttribute('href', '/sr/request/store');
  await expect(page.getByRole('link', { name: 'همهٔ خدمات و هزینه‌ها' })).toHaveAttribute('href', '/sr/services');
  await expect(page.getByRole('link', { name: /^درخواست‌های من/ })).toHaveAttribute('href', '/sr/request/list');
  await expect(page.getByRole('link', { name: /^صورت‌حساب‌های من/ })).toHaveAttribute('href', '/sr/invoice');
  await expect(page.getByRole('note')).toContainText('۱۱۵');

  // One card per category, each naming its service and linking to its request form.
  const featured = page.getByRole('region', { name: 'از هر دسته، یک خدمت' }).getByRole('article');
  await expect(featured).toHaveCount(categories.length);
  for (const [index, id] of categories.entries()) {
    const first = inCategory(id)[0]!;
    const card = featured.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(first.name);
    await expect(card.getByRole('link', { name: `درخواست این خدمت: ${first.name}` })).toHaveAttribute('href', `/sr/request/store?service=${first.slug}`);
  }

  // The header marks the area.
  await expect(page.getByRole('navigation', { name: 'بخش‌های پورتال' }).locator('[aria-current="page"]')).toHaveAccessibleName(/خدمات/);
});

test('/sr/services lists every service under its category, in order, each with its request link', async ({ page }) => {
  await page.goto('/sr/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('همهٔ خدمات در منزل و هزینه‌ها');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(categories.map((id) => SERVICE_CATEGORIES[id]));
  await expect(page.locator('article[data-service]')).toHaveCount(services.length);

  for (const id of categories) {
    const section = page.locator(`section#${id}`);
    const expected = inCategory(id);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(expected.map((s) => s.name));
    for (const service of expected) {
      const article = section.locator(`article#${service.slug}`);
      const request = article.getByRole('link', { name: `درخواست این خدمت: ${service.name}` });
      await expect(request).toHaveAttribute('href', `/sr/request/store?service=${service.slug}`);
      await expect(article.locator('[data-price]')).toHaveText(/^(از [۰-۹٬]+ تا |تا )?[۰-۹٬]+ ریال$/);
    }
  }

  // Structured data names every service once.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@type': string; itemListElement: { item: { name: string } }[] };
  expect(jsonLd['@type']).toBe('ItemList');
  expect(jsonLd.itemListElement.map((entry) => entry.item.name).sort()).toEqual(services.map((s) => s.name).sort());
});

test('the category links jump to their section, and the related links to their service', async ({ page }) => {
  await page.goto('/sr/services');
  const nav = page.getByRole('navigation', { name: 'دسته‌های خدمات' });
  await expect(nav.getByRole('link')).toHaveCount(categories.length);
  for (const id of [...categories].reverse()) {
    await nav.getByRole('link', { name: new RegExp(`^${SERVICE_CATEGORIES[id]}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/sr/services#${id}$`));
    await expect(page.getByRole('heading', { level: 2, name: SERVICE_CATEGORIES[id] })).toBeInViewport();
  }

  const withRelated = services.find((s) => s.slug === 'home-injection')!;
  const related = page.locator(`article#${withRelated.slug}`).getByRole('link', { name: 'پرستار شیفتی در منزل' });
  await related.click();
  await expect(page).toHaveURL(/\/sr\/services#home-nursing-shift$/);
  await expect(page.locator('article#home-nursing-shift')).toBeInViewport();
});

test('what to prepare is folded in a details element that opens with the keyboard', async ({ page }) => {
  await page.goto('/sr/services');
  const article = page.locator('article#home-lab-sampling');
  const prepare = article.getByRole('heading', { level: 4, name: 'آنچه باید آماده کنید' });
  await expect(prepare).toBeHidden();
  await article.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(prepare).toBeVisible();
  await expect(article.getByRole('listitem').first()).toContainText('نسخه');
});

for (const path of ['/sr', '/sr/services']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${path} (${scheme}) has no serious or critical accessibility violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      // With the folded text open too.
      await page.locator('main details').evaluateAll((all) =>
        all.forEach((details) => {
          (details as HTMLDetailsElement).open = true;
        }),
      );
      await expectNoSevereAxe(page);
    });
  }
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  for (const path of ['/sr', '/sr/services']) {
    test(`${path} never scrolls sideways`, async ({ page }) => {
      await page.goto(path);
      await page.locator('main details').evaluateAll((all) =>
        all.forEach((details) => {
          (details as HTMLDetailsElement).open = true;
        }),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const link of await page.getByRole('link', { name: /^درخواست این خدمت/ }).all()) {
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    });
  }
});
