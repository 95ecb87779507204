import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  ['home', '/'],
  ['404', '/no-such-page'],
  ['offline', '/offline'],
  ['services on request', '/sr'],
  ['all services', '/sr/services'],
] as const;

for (const [name, path] of pages) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${name} (${scheme}) has no serious or critical accessibility violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const severe = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(severe.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test('the skip link and header are reachable with the keyboard', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'پرش به محتوای اصلی' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
