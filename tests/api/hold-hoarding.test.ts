/**
 * The hold-hoarding attack over HTTP: holds are free, and a phone carries 10 accounts, so 70
 * accounts on 7 phones tried to hold every slot of a doctor at once and re-hold them at each
 * expiry. Now the open holds of one phone (all its accounts) and of one address are limited, the
 * refused ones are 429 with Retry-After and leave no hold, and the hospital sees who was refused.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelope, freeStarts, slotsOf } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { lastCode, nationalCode, newIp, newPhone, post } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';

const HIS_KEY = 'his-hold-hoarding-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let server: RunningServer;
let people = 0;

/** A phone with `n` accounts (one code registers them all, as a family does). */
async function phoneWithAccounts(n: number): Promise<{ phone: string; tokens: string[] }> {
  const phone = newPhone();
  const ip = newIp();
  await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
  const code = lastCode(server, phone);
  await post(server, 'auth/check_verification_code', { phone_number: phone, code }, { ip });
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = { phone_number: phone, code, first_name: 'رضا', last_name: 'نوری', international_code: nationalCode(61_000 + ++people), gender: 'male' };
    const registered = await post(server, 'auth/register', body, { ip });
    if (registered.status !== 200) throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
    tokens.push(((await registered.json()) as { data: { token: string } }).data.token);
  }
  return { phone, tokens };
}

const holdFrom = (token: string, ip: string, doctorId: string, start: string) => post(server, 'appointments/hold', { doctor_id: doctorId, start }, { token, ip });

async function takenSlots(doctorId: string): Promise<number> {
  const { data } = await slotsOf(server, doctorId);
  return data.flatMap((day) => day.slots.filter((slot) => !slot.available)).length;
}

describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  withServerOn(database, { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)}`, DEMO_DATA: '0' }, (running) => (server = running.server));

  it('70 accounts on 7 phones, each from its own address, trying every slot of a doctor at once hold 14 (2 a phone); the rest are 429 and hold nothing', async () => {
    const phones = await Promise.all(Array.from({ length: 7 }, () => phoneWithAccounts(10)));
    const doctor = 'golnaz-taheri';
    const starts = await freeStarts(server, doctor, 1);
    expect(starts.length).toBeGreaterThanOrEqual(14);
    const before = await takenSlots(doctor);
    const answers = await Promise.all(phones.flatMap(({ tokens }) => tokens).map((token, i) => holdFrom(token, newIp(), doctor, starts[i % starts.length]!)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(14);
    expect(statuses.every((status) => status === 201 || status === 429 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await envelope(answer)).message).toContain('پرداخت یا لغو');
    }
    expect((await takenSlots(doctor)) - before).toBe(14);
  });

  it('the same attack from one address holds 5; the hospital sees the refused phones (with their 10 accounts) and the address', async () => {
    const phones = await Promise.all(Array.from({ length: 7 }, () => phoneWithAccounts(10)));
    const doctor = 'zahra-bagheri';
    const starts = await freeStarts(server, doctor, 1);
    const before = await takenSlots(doctor);
    const address = newIp();
    const answers = await Promise.all(phones.flatMap(({ tokens }) => tokens).map((token, i) => holdFrom(token, address, doctor, starts[i % starts.length]!)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect((await takenSlots(doctor)) - before).toBe(5);
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(70 - 5 - Math.max(0, 70 - starts.length));

    const report = await fetch(new URL('/api/hospital/v1/hold-refusals', server.url), { headers: { authorization: `Bearer ${HIS_KEY}` } });
    expect(report.status).toBe(200);
    const { data } = await envelope<{ phones: Array<{ phone_number: string; accounts: number; refusals: number }>; addresses: Array<{ address: string; refusals: number }> }>(report);
    expect(data!.addresses).toContainEqual(expect.objectContaining({ address, refusals: refused }));
    const attackers = new Set(phones.map(({ phone }) => phone));
    const listed = data!.phones.filter((row) => attackers.has(row.phone_number));
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) expect(row.accounts).toBe(10);

    // The same list on the command line.
    const cli = await hospitalCli(['hold-refusals'], { PORTAL_URL: server.url, HOSPITAL_API_KEY: HIS_KEY });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain(address);
    expect(cli.stdout).toContain(listed[0]!.phone_number);
  });
});
