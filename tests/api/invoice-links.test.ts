/**
 * Public invoice links over HTTP: a link stops opening once its days after the invoice is settled
 * are over (INVOICE_LINK_DAYS_AFTER_SETTLED, 0 here) or once the patient revokes it, with the same
 * 404 as a token that never existed, on the API and on the page; share hands out the live link
 * again. And the per-address limits of the public links hold across processes: two servers on one
 * PostgreSQL database give an address the allowance once, not twice.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceLink } from '../../src/lib/api/contracts/invoices.ts';
import { envelope, getAs } from '../support/appointments-api.ts';
import { createScratchPostgres, SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { issueInvoice, tokenOf } from '../support/invoice-api.ts';
import { nationalCode, newIp, newPhone, post, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

const HIS_KEY = 'his-invoice-links-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const adminUrl = process.env.TEST_DATABASE_URL;
const UNKNOWN = 'A'.repeat(22);

describe.each(SERVER_DATABASES)('invoice links on the %s database', (database) => {
  let server: RunningServer;
  let people = 0;
  withServerOn(
    database,
    { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)}`, WALLET_CHARGE_MAX: '50000000', INVOICE_LINK_DAYS_AFTER_SETTLED: '0' },
    (running) => (server = running.server),
  );

  async function patient(balance = 0) {
    const phone = newPhone();
    const internationalCode = nationalCode(9_800 + ++people);
    const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'نرگس', lastName: 'احمدی', internationalCode });
    if (balance > 0) await chargeWallet(server, registered.token, balance);
    return { ...registered, phone, internationalCode };
  }
  const invoiceFor = (owner: Awaited<ReturnType<typeof patient>>) =>
    issueInvoice(server, HIS_KEY, {
      patient: { international_code: owner.internationalCode, phone_number: owner.phone },
      items: [{ title: 'تزریق در منزل', quantity: 1, unit_price: 3_000_000 }],
    });
  const get = (path: string, token?: string) => getAs(server, path, token, newIp());
  const detail = async (token: string, key: string) => (await envelope<Invoice>(await get(`/api/invoices/${key}`, token))).data!;

  /** The API view, the page and link pay of `token` all answer exactly as for a token that never existed. */
  async function answersAsUnknown(token: string): Promise<void> {
    const view = await get(`/api/public/invoices/${token}`);
    const reference = await get(`/api/public/invoices/${UNKNOWN}`);
    expect(view.status).toBe(404);
    expect(await view.json()).toEqual(await reference.json());
    const pay = await post(server, `public/invoices/${token}/pay`, undefined, { ip: newIp() });
    const payReference = await post(server, `public/invoices/${UNKNOWN}/pay`, undefined, { ip: newIp() });
    expect(pay.status).toBe(404);
    expect(await pay.json()).toEqual(await payReference.json());
    const page = await get(`/sr/invoice/${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('IN-');
  }

  it('a paid invoice’s link answers 404 once its days after the payment are over (none here), on the API, pay and the page', async () => {
    const owner = await patient(5_000_000);
    const invoice = await invoiceFor(owner);
    const token = tokenOf(invoice.url!);
    expect((await get(`/api/public/invoices/${token}`)).status).toBe(200);
    expect((await get(`/sr/invoice/${token}`)).status).toBe(200);
    const paid = await post(server, `invoices/${invoice.key}/pay`, { use_wallet: true }, { token: owner.token });
    expect(paid.status).toBe(200);
    await answersAsUnknown(token);
    expect((await detail(owner.token, invoice.key)).links).toEqual([]);
  });

  it('a voided invoice’s link answers 404 likewise', async () => {
    const owner = await patient();
    const invoice = await invoiceFor(owner);
    const voided = await fetch(new URL(`/api/hospital/v1/invoices/${invoice.key}/void`, server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${HIS_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'صادرشده به اشتباه' }),
    });
    expect(voided.status).toBe(200);
    await answersAsUnknown(tokenOf(invoice.url!));
  });

  it('share gives the live link again; the patient revokes it (another account cannot): 404 at once, and the next share is a new link', async () => {
    const [owner, stranger] = [await patient(), await patient()];
    const invoice = await invoiceFor(owner);
    const share = async () => {
      const answer = await post(server, `invoices/${invoice.key}/share`, undefined, { token: owner.token });
      expect(answer.status).toBe(200);
      return (await envelope<InvoiceLink & { url: string; token: string }>(answer)).data!;
    };
    const first = await share();
    expect(first.url).toBe(`/sr/invoice/${tokenOf(invoice.url!)}`);
    expect(await share()).toEqual(first);
    const [listed] = (await detail(owner.token, invoice.key)).links!;
    expect(listed).toEqual({ id: first.id, created_by: 'hospital', created_at: first.created_at });

    const revoke = (token: string, id: number | string) => post(server, `invoices/${invoice.key}/links/${id}/revoke`, undefined, { token });
    expect((await revoke(stranger.token, first.id)).status).toBe(404);
    expect((await revoke(owner.token, 'abc')).status).toBe(404);
    expect((await revoke(owner.token, first.id + 1000)).status).toBe(404);
    expect((await get(`/api/public/invoices/${first.token}`)).status).toBe(200);

    const revoked = await revoke(owner.token, first.id);
    expect(revoked.status).toBe(200);
    expect((await envelope(revoked)).data).toEqual({ id: first.id, revoked: true });
    await answersAsUnknown(first.token);
    expect((await revoke(owner.token, first.id)).status).toBe(404);
    expect((await detail(owner.token, invoice.key)).links).toEqual([]);

    const fresh = await share();
    expect(fresh.url).not.toBe(first.url);
    expect((await get(`/api/public/invoices/${fresh.token}`)).status).toBe(200);
    expect((await detail(owner.token, invoice.key)).links!.map((link) => link.id)).toEqual([fresh.id]);
  });
});

describe.runIf(adminUrl)('per-address limits of the public links across two processes on one PostgreSQL database', () => {
  const servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const scratch = await createScratchPostgres(adminUrl!);
    drop = scratch.drop;
    const env = { DATABASE_URL: scratch.url, TRUST_PROXY: '1', APP_SECRET: 'links-test-secret-0123456789abcdefghijklmnopqrstuvwxyz' };
    // One after the other: the first migrates the database.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.dispose();
    await drop();
  });

  /** `count` requests from one address, alternating between the two processes; the statuses. */
  async function statusesOf(count: number, send: (server: RunningServer, ip: string, index: number) => Promise<Response>): Promise<number[]> {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const answer = await send(servers[i % 2]!, ip, i);
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      await answer.body?.cancel();
    }
    return statuses;
  }
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});

  it('an address opens public invoice links 60 times a minute in all, not 60 per process', async () => {
    expect(tally(await statusesOf(70, (server, ip) => getAs(server, `/api/public/invoices/${UNKNOWN}`, undefined, ip)))).toEqual({ 404: 60, 429: 10 });
  });

  it('the public invoice page draws on the same allowance as the API', async () => {
    const statuses = await statusesOf(70, (server, ip, index) => getAs(server, index % 4 < 2 ? `/sr/invoice/${UNKNOWN}` : `/api/public/invoices/${UNKNOWN}`, undefined, ip));
    expect(tally(statuses)).toEqual({ 404: 60, 429: 10 });
  });

  it('an address starts link payments 10 times a minute in all', async () => {
    expect(tally(await statusesOf(14, (server, ip) => post(server, `public/invoices/${UNKNOWN}/pay`, undefined, { ip })))).toEqual({ 404: 10, 429: 4 });
  });

  it('an address opens shared results 60 times a minute in all', async () => {
    expect(tally(await statusesOf(70, (server, ip) => getAs(server, `/api/public/test-results/${UNKNOWN}`, undefined, ip)))).toEqual({ 404: 60, 429: 10 });
  });
});
