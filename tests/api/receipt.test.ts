/**
 * The bank receipt (/return-bank) says what the money paid for — the doctor and the visit's Jalali
 * day and time, or the wallet — and writes the bank's numbers in Persian digits, the card mask left
 * to right inside its own isolate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBookingDay } from '../../src/lib/appointments/when.ts';
import { formatTime } from '../../src/lib/format/date.ts';
import { freeStarts, holdOk } from '../support/appointments-api.ts';
import { issueInvoice } from '../support/hospital-invoice.ts';
import { nationalCode, newIp, newPhone, post, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { startCharge, submitAtBank } from '../support/wallet-api.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '0' } });
});
afterAll(() => server?.dispose());

async function patient(n: number) {
  const phone = newPhone();
  const internationalCode = nationalCode(9_700 + n);
  return { ...(await registerPatient(server, { phone, ip: newIp(), firstName: 'مهسا', lastName: 'کریمی', internationalCode })), phone, internationalCode };
}

/** Pays at the sandbox bank from the hand-off page and comes back; answers the receipt's HTML. */
async function payAndReadReceipt(paymentId: string, redirectUrl: string): Promise<string> {
  const handOff = await (await fetch(new URL(redirectUrl, server.url), { redirect: 'manual' })).text();
  const bankPath = /url=(\/sandbox-bank\/[A-Za-z0-9_-]+)/.exec(handOff)?.[1];
  expect(bankPath).toBeTruthy();
  const callback = (await submitAtBank(server, bankPath!)).headers.get('location')!;
  await fetch(new URL(callback, server.url), { redirect: 'manual' });
  return (await fetch(new URL(`/return-bank?payment=${paymentId}`, server.url))).text();
}

/** The value of a receipt row, as the page writes it. */
const row = (html: string, name: string) =>
  new RegExp(`data-receipt-row="${name}"[\\s\\S]*?<dd[^>]*>([\\s\\S]*?)</dd>`)
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

describe('the bank receipt', () => {
  it('names the doctor and the visit time of an appointment payment, with Persian bank numbers', async () => {
    const me = await patient(1);
    const [start] = await freeStarts(server, 'maryam-ahmadi');
    const held = await holdOk(server, me.token, 'maryam-ahmadi', start!);
    const paid = await post(server, `appointments/${held.key}/pay`, { use_wallet: false }, { token: me.token });
    expect(paid.status).toBe(200);
    const { payment_id, redirect_url } = ((await paid.json()) as { data: { payment_id: string; redirect_url: string } }).data;
    const receipt = await payAndReadReceipt(payment_id, redirect_url);
    expect(receipt).toContain('نوبت شما قطعی شد');
    expect(row(receipt, 'doctor')).toBe('دکتر مریم احمدی');
    expect(row(receipt, 'visit-time')).toBe(`${formatBookingDay(start!)}، ساعت ${formatTime(start!)}`);
    expect(row(receipt, 'ref-id')).toMatch(/^[۰-۹]{6,}$/);
    expect(receipt).toMatch(/<bdi dir="ltr">۶۰۳۷-۹۹\*\*-\*\*\*\*-۷۸۹۳<\/bdi>/);
    expect(row(receipt, 'payment-id')).toBe(payment_id);
  });

  it('says a wallet charge is one and names no visit', async () => {
    const me = await patient(2);
    const { paymentId, bankPath } = await startCharge(server, me.token, 2_000_000);
    const callback = (await submitAtBank(server, bankPath)).headers.get('location')!;
    await fetch(new URL(callback, server.url), { redirect: 'manual' });
    const receipt = await (await fetch(new URL(`/return-bank?payment=${paymentId}`, server.url))).text();
    expect(receipt).toContain('شارژ کیف پول');
    expect(receipt).toContain('۲٬۰۰۰٬۰۰۰ ریال (۲۰۰ هزار تومان)');
    expect(row(receipt, 'doctor')).toBeUndefined();
    expect(row(receipt, 'ref-id')).toMatch(/^[۰-۹]{6,}$/);
  });

  it('names the invoice and what it was for', async () => {
    const me = await patient(3);
    const invoice = await issueInvoice(server, { international_code: me.internationalCode, phone_number: me.phone }, [{ title: 'ویزیت پرستار در منزل', quantity: 1, unit_price: 900_000 }]);
    const paid = await post(server, `invoices/${invoice.key}/pay`, { use_wallet: false }, { token: me.token });
    expect(paid.status).toBe(200);
    const { payment_id, redirect_url } = ((await paid.json()) as { data: { payment_id: string; redirect_url: string } }).data;
    const receipt = await payAndReadReceipt(payment_id, redirect_url);
    expect(row(receipt, 'invoice')).toBe(invoice.key);
    expect(row(receipt, 'service')).toBe('ویزیت پرستار در منزل');
  });
});
