import { expect, type Request, test } from '@playwright/test';

type Visit = Record<string, unknown>;

test('each page load reports a visit with one visitor id kept in localStorage', async ({ page }) => {
  const visits: Visit[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/app/track-visit') && request.method() === 'POST') visits.push(request.postDataJSON() as Visit);
  });

  await page.goto('/');
  await expect.poll(() => visits.length).toBe(1);
  const visitorId = await page.evaluate(() => localStorage.getItem('visitor_id'));
  expect(visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const width = page.viewportSize()!.width;
  expect(visits[0]).toMatchObject({
    visitor_id: visitorId,
    path: '/',
    referrer: '',
    user_agent: expect.stringContaining('Mozilla'),
    screen_width: expect.any(Number),
    screen_height: expect.any(Number),
    device_type: width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop',
  });

  // Each report goes after its page has loaded.
  await page
    .getByRole('link', { name: /صفحهٔ اصلی/ })
    .first()
    .click();
  await expect.poll(() => visits.length).toBe(2);
  await page.goto('/offline?from=test');
  await expect.poll(() => visits.length).toBe(3);
  expect(visits.map((visit) => visit.visitor_id)).toEqual([visitorId, visitorId, visitorId]);
  expect(visits[2]).toMatchObject({ path: '/offline?from=test' });
});

test('the server stores the visit (201) and a failed report changes nothing for the patient', async ({ page }) => {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/app/track-visit'));
  await page.goto('/');
  expect((await answered).status()).toBe(201);

  await page.route('**/api/app/track-visit', (route) => route.abort('failed'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});
