import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptedOffer, JoinedWaitlist, WaitlistEntry } from '../../src/lib/api/contracts/waitlist.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { envelope, freeStarts, getAs, holdOk, walletOf } from '../support/appointments-api.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

// The waitlist through the built server, as a patient and as an attacker: another account's entry,
// a replayed accept, a race of accepts, bodies that are not what they claim.
const DOCTOR = 'negar-amiri';
const PERSIAN = /[\u0600-\u06FF]/;
let server: RunningServer;
let seq = 40_000;

async function patient(name: string) {
  const phone = newPhone();
  return { phone, ...(await registerPatient(server, { phone, ip: newIp(), firstName: name, lastName: 'آزمون', internationalCode: nationalCode(++seq) })) };
}
const call = (method: string, path: string, { token, body, type = 'application/json' }: { token?: string; body?: string; type?: string } = {}) =>
  fetch(new URL(`/api/${path}`, server.url), {
    method,
    headers: { 'x-forwarded-for': newIp(), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
const listOf = async (token: string) => (await envelope<WaitlistEntry[]>(await getAs(server, '/api/waitlist', token))).data!;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '0' } });
});
afterAll(() => server?.dispose());

describe('the waitlist API', () => {
  let waiter: Awaited<ReturnType<typeof patient>>;
  let holder: Awaited<ReturnType<typeof patient>>;
  let stranger: Awaited<ReturnType<typeof patient>>;
  let entry: JoinedWaitlist;
  let slot: string;

  it('refuses callers without a token, bodies that are not JSON, too large, or with a NUL, and past days, in Persian', async () => {
    [waiter, holder, stranger] = await Promise.all([patient('منتظر'), patient('دارنده'), patient('غریبه')]);
    for (const [method, path] of [
      ['GET', 'waitlist'],
      ['POST', 'waitlist'],
      ['DELETE', 'waitlist/WL-ABCDEF'],
      ['POST', 'waitlist/WL-ABCDEF/accept'],
      ['POST', 'waitlist/WL-ABCDEF/decline'],
    ] as const) {
      expect((await call(method, path)).status).toBe(401);
    }
    const today = toTehranIsoDate(new Date());
    const join = (body: unknown, type?: string) => call('POST', 'waitlist', { token: waiter.token, body: typeof body === 'string' ? body : JSON.stringify(body), ...(type ? { type } : {}) });
    expect((await join({ doctor_id: DOCTOR, from: today, to: today }, 'text/plain')).status).toBe(415);
    expect((await join({ doctor_id: `${DOCTOR}\u0000`, from: today, to: today })).status).toBe(422);
    expect((await join(JSON.stringify({ doctor_id: DOCTOR, from: today, to: today, pad: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
    const past = await join({ doctor_id: DOCTOR, from: '2020-01-01', to: today });
    expect(past.status).toBe(422);
    expect((await past.json()).message).toMatch(PERSIAN);
    expect((await join({ doctor_id: DOCTOR, from: today, to: '2020-01-01' })).status).toBe(422);
    expect((await join({ doctor_id: 'no-such-doctor', from: today, to: today })).status).toBe(404);
  });

  it('joins, answers the position, and refuses the same person twice', async () => {
    const starts = await freeStarts(server, DOCTOR, 48);
    slot = starts[0]!;
    const day = toTehranIsoDate(new Date(slot));
    const joined = await call('POST', 'waitlist', { token: waiter.token, body: JSON.stringify({ doctor_id: DOCTOR, from: day, to: day }) });
    expect(joined.status).toBe(201);
    entry = (await envelope<JoinedWaitlist>(joined)).data!;
    expect(entry).toMatchObject({ status: 'waiting', position: 1, doctor_id: DOCTOR, from: day, to: day, part_of_day: 'any' });
    expect((await call('POST', 'waitlist', { token: waiter.token, body: JSON.stringify({ doctor_id: DOCTOR, from: day, to: day }) })).status).toBe(409);
    expect(await listOf(waiter.token)).toMatchObject([{ key: entry.key, position: 1 }]);
    expect(await listOf(stranger.token)).toEqual([]);
  });

  it('offers a slot let go to the waiter alone: held for them, by SMS with a link; nobody else can touch it', async () => {
    const held = await holdOk(server, holder.token, DOCTOR, slot);
    expect((await post(server, `appointments/${held.key}/cancel`, undefined, { token: holder.token, ip: newIp() })).status).toBe(200);
    const [mine] = await listOf(waiter.token);
    expect(mine).toMatchObject({ status: 'offered', offer: { start: slot, status: 'live' } });
    const offer = mine!.offer!;
    expect(Date.parse(offer.expires_at) - Date.now()).toBeGreaterThan(25 * 60_000);
    // The SMS job runs on the server's next tick.
    let link: string | undefined;
    for (let tries = 0; tries < 40 && !link; tries++) {
      link = readOutbox(server).find((sms) => sms.to === waiter.phone && sms.text.includes(entry.key))?.text;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(link).toContain(`/patient-profile/services?waitlist=${entry.key}`);
    // Others: the slot is taken, the entry and the offered row are not found.
    expect((await post(server, 'appointments/hold', { doctor_id: DOCTOR, start: slot }, { token: stranger.token, ip: newIp() })).status).toBe(409);
    expect((await call('POST', `waitlist/${entry.key}/accept`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `waitlist/${entry.key}/decline`, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `waitlist/${entry.key}`, { token: stranger.token })).status).toBe(404);
    expect((await post(server, `appointments/${offer.appointment_key}/pay`, { use_wallet: true }, { token: stranger.token, ip: newIp() })).status).toBe(404);
    // Not even its own patient can pay it before accepting.
    expect((await post(server, `appointments/${offer.appointment_key}/pay`, { use_wallet: true }, { token: waiter.token, ip: newIp() })).status).toBe(404);
  });

  it('20 racing accepts give one hold; paying from the wallet books it and the entry', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `waitlist/${entry.key}/accept`, { token: waiter.token })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const accepted = await Promise.all(answers.map(async (answer) => (await envelope<AcceptedOffer>(answer)).data!));
    expect(new Set(accepted.map((one) => `${one.appointment_key} ${one.expires_at}`)).size).toBe(1);
    expect(accepted[0]).toMatchObject({ status: 'held', start: slot });
    // Once accepted it is a hold: declining is refused, the hold is paid as any other.
    expect((await call('POST', `waitlist/${entry.key}/decline`, { token: waiter.token })).status).toBe(409);
    await chargeWallet(server, waiter.token, accepted[0]!.fee);
    const paid = await post(server, `appointments/${accepted[0]!.appointment_key}/pay`, { use_wallet: true }, { token: waiter.token, ip: newIp() });
    expect((await envelope<{ status: string }>(paid)).data?.status).toBe('confirmed');
    expect((await walletOf(server, waiter.token)).balance).toBe(0);
    const [booked] = await listOf(waiter.token);
    expect(booked).toMatchObject({ key: entry.key, status: 'booked' });
    expect(booked!.offer).toBeUndefined();
    // Leaving a booked entry changes nothing; accepting again is refused.
    expect((await call('POST', `waitlist/${entry.key}/accept`, { token: waiter.token })).status).toBe(409);
  });

  it('declines with or without a body, and leaves', async () => {
    const starts = await freeStarts(server, DOCTOR, 48);
    const start = starts.find((candidate) => candidate !== slot)!;
    const day = toTehranIsoDate(new Date(start));
    const entries = [];
    for (const who of [stranger, holder]) {
      const joined = await call('POST', 'waitlist', { token: who.token, body: JSON.stringify({ doctor_id: DOCTOR, from: day, to: day }) });
      entries.push((await envelope<JoinedWaitlist>(joined)).data!);
    }
    const other = await patient('سوم');
    const held = await holdOk(server, other.token, DOCTOR, start);
    await post(server, `appointments/${held.key}/cancel`, undefined, { token: other.token, ip: newIp() });
    expect((await listOf(stranger.token))[0]?.offer?.start).toBe(start);
    // No body at all: stays in line; the offer passes on.
    const declined = await call('POST', `waitlist/${entries[0]!.key}/decline`, { token: stranger.token });
    expect(declined.status).toBe(200);
    expect((await envelope<{ status: string }>(declined)).data?.status).toBe('waiting');
    expect((await listOf(holder.token))[0]?.offer?.start).toBe(start);
    const left = await call('POST', `waitlist/${entries[1]!.key}/decline`, { token: holder.token, body: JSON.stringify({ leave: true }) });
    expect((await envelope<{ status: string }>(left)).data?.status).toBe('left');
    expect((await call('POST', `waitlist/${entries[1]!.key}/decline`, { token: holder.token, body: '{"leave":"yes"}' })).status).toBe(422);
    const gone = await call('DELETE', `waitlist/${entries[0]!.key}`, { token: stranger.token });
    expect((await envelope<{ status: string }>(gone)).data).toEqual({ key: entries[0]!.key, status: 'left' });
    // With nobody left in line, the slot is free for everyone.
    expect(await freeStarts(server, DOCTOR, 48)).toContain(start);
  });
});
