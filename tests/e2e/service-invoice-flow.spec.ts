import { hospitalCli } from '../support/hospital-cli.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';
import { payAtBank } from './booking-steps.ts';
import { expect, expectMenuWallet, expectNoSevereAxe, newNationalCode, newPhone, pickJalaliDay, registerThroughPopup, test } from './fixtures.ts';

/**
 * The whole service flow: a patient requests a home service, the hospital's command line prices it,
 * the patient pays from the wallet; a second invoice is shared and paid from a logged-out browser
 * at the sandbox bank. The pages' details are in service-requests.spec.ts and invoices.spec.ts;
 * this is the story across them, once (desktop), through the real `npm run hospital`.
 */

const server = () => ({ url: process.env.PORTAL_E2E_URL!, dataDir: process.env.PORTAL_E2E_DATA_DIR! }) as RunningServer;

/** `npm run hospital -- …` against the e2e portal, as a desk would run it. */
async function hospital(...args: string[]): Promise<string> {
  const run = await hospitalCli(args, { PORTAL_URL: server().url, DATA_DIR: server().dataDir });
  expect(run.code, `${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

test('request a home service, get it priced by npm run hospital, pay from the wallet, and have a second invoice paid through its link by someone logged out', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one story across the pages; their phone layouts are covered by their own specs');
  test.setTimeout(150_000);
  const phone = newPhone();
  const nationalCode = newNationalCode();

  // The patient asks for home injections from the services page.
  await page.goto('/sr/services');
  await page.getByRole('link', { name: 'درخواست این خدمت: تزریقات و سرم در منزل' }).click();
  await expect(page).toHaveURL(/\/sr\/request\/store\?service=home-injection$/);
  await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
  await registerThroughPopup(page, phone, { first: 'نرگس', last: 'کاظمی', nationalCode });
  await expect(page.getByLabel('چه خدمتی لازم دارید؟')).toHaveValue('home-injection');
  await page.getByLabel('نشانی محل خدمت').fill('تهران، خیابان شریعتی، کوچهٔ نسترن، پلاک ۷');
  await page.getByRole('button', { name: /روز دلخواه/ }).click();
  await pickJalaliDay(page, { months: 1, day: 5 });
  await page.getByText(/^صبح/).click();
  await page.getByRole('button', { name: 'ثبت درخواست' }).click();
  await expect(page).toHaveURL(/\/sr\/request\/SR-[0-9A-Z]{6}$/);
  const requestKey = new URL(page.url()).pathname.split('/').at(-1)!;

  // The desk sees it, schedules it, and prices it.
  expect(await hospital('requests')).toContain(requestKey);
  await hospital('request-status', requestKey, 'scheduled', '--at', '2030-01-20 10:00', '--note', 'پرستار ساعت ده می‌رسد');
  const priced = await hospital('invoice', '--patient', nationalCode, '--phone', phone, '--request', requestKey, '--item', 'تزریق عضلانی:2:1500000:500000', '--item', 'ایاب‌وذهاب:1:400000');
  const invoiceKey = /IN-[0-9A-Z]{6}/.exec(priced)?.[0];
  expect(invoiceKey, priced).toBeTruthy();

  // The request page shows the move, the hospital's note and the invoice.
  await page.reload();
  await expect(page.locator('main [data-status]').first()).toHaveText('زمان‌بندی شده');
  await expect(page.locator('[data-timeline]')).toContainText('پرستار ساعت ده می‌رسد');
  await page.getByRole('link', { name: new RegExp(invoiceKey!) }).click();
  await expect(page).toHaveURL(new RegExp(`/sr/invoice/show/${invoiceKey}$`));

  // 3,000,000 − 500,000 insurance + 400,000 = 2,900,000 rials, from a wallet charged at the bank.
  await chargeWallet(server(), (await page.evaluate(() => localStorage.getItem('token')))!, 3_000_000);
  await page.reload();
  await expect(page.locator('[data-pay-wallet]')).toHaveText('۳٬۰۰۰٬۰۰۰ ریال');
  await page.getByRole('button', { name: 'پرداخت ۲٬۹۰۰٬۰۰۰ ریال از کیف پول' }).click();
  await expect(page.locator('[data-paid-how]')).toHaveText('از کیف پول');
  await expectNoSevereAxe(page);

  // A second invoice for the same request; the patient shares its link.
  const second = await hospital('invoice', '--patient', nationalCode, '--phone', phone, '--request', requestKey, '--item', 'سرم و لوازم:1:750000');
  const secondKey = /IN-[0-9A-Z]{6}/.exec(second)![0];
  await page.goto(`/sr/invoice/show/${secondKey}`);
  const share = page.getByRole('region', { name: 'پرداخت به دست دیگری' });
  await share.getByRole('button', { name: 'ساختن پیوند پرداخت' }).click();
  const link = await share.getByLabel('پیوند پرداخت').inputValue();

  // A relative, logged out in a fresh browser, pays it at the sandbox bank.
  const context = await browser.newContext({
    baseURL: server().url,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.253.${Math.floor(Math.random() * 250)}.9` },
  });
  try {
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.locator('[data-invoice-patient]')).toHaveText('ن*** ک***');
    await other.getByRole('button', { name: 'پرداخت ۷۵۰٬۰۰۰ ریال' }).click();
    await payAtBank(other);
    await expect(other.locator('[data-invoice-paid]')).toHaveText(`صورت‌حساب ${secondKey} پرداخت شد`);
  } finally {
    await context.close();
  }

  // Both are paid; the link settled its invoice and left the wallet alone.
  await page.goto('/sr/invoice?status=paid');
  await expect(page.locator(`article[data-invoice="${invoiceKey}"]`)).toContainText('پرداخت‌شده');
  await expect(page.locator(`article[data-invoice="${secondKey}"]`)).toContainText('پرداخت‌شده');
  await expectMenuWallet(page, '۱۰۰٬۰۰۰ ریال');
});
