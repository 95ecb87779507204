/**
 * The desk's waitlist over HTTP (`GET /api/hospital/v1/waitlist?doctor_id=`, `GET …/waitlist/stats`):
 * the key and its scope, the doctor, and the answer's shape. The line is written into the portal's
 * database before it starts, as the waitlist service would leave it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskWaitlist, WaitlistStats } from '../../src/lib/api/contracts/waitlist.ts';
import { addDays, tehranInstant } from '../../src/lib/appointments/slots.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { envelope } from '../support/appointments-api.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { daysAfter, joinLine, offerSlot } from '../support/waitlist-rows.ts';
import { newPatient } from '../support/wallet.ts';

const DESK_KEY = 'desk-waitlist-key-0123456789abcdefghijklmnopqrstuvwxyz';
const QUEUE_KEY = 'queue-waitlist-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DOCTOR = 'maryam-ahmadi';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-waitlist-'));
let server: RunningServer;
const seeded = { name: '', waitingKey: '', offeredKey: '', appointmentKey: '', phone: '', start: '', expiresAt: '' };

beforeAll(async () => {
  const now = new Date();
  const today = toTehranIsoDate(now);
  await withDataDir(dataDir, async (db) => {
    const waiting = await newPatient(db);
    seeded.name = `${waiting.firstName} ${waiting.lastName}`;
    const offered = await newPatient(db);
    const relative = { firstName: 'کیان', lastName: 'رضایی', nationalCode: '0012345679' };
    const first = await joinLine(db, waiting, { doctorId: DOCTOR, from: today, to: addDays(today, 10), partOfDay: 'morning', joinedAt: daysAfter(now, -2) });
    const second = await joinLine(db, offered, { doctorId: DOCTOR, from: addDays(today, 1), to: addDays(today, 5), joinedAt: daysAfter(now, -1), status: 'offered', relative });
    const start = tehranInstant(addDays(today, 3), '10:00');
    const expiresAt = new Date(now.getTime() + 30 * 60_000);
    const offer = await offerSlot(db, second, { start, status: 'live', offeredAt: now, expiresAt });
    Object.assign(seeded, {
      waitingKey: first.key,
      offeredKey: second.key,
      appointmentKey: offer.appointmentKey,
      phone: offered.phoneNumber,
      start: start.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
  });
  server = await startServer({ dataDir, env: { HOSPITAL_API_KEYS: `desk:${sha256(DESK_KEY)}:appointments,board:${sha256(QUEUE_KEY)}:queue`, DEMO_DATA: '0' } });
});
afterAll(async () => {
  await server?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const desk = (apiPath: string, key?: string) => fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), { headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('hospital API: the waitlist', () => {
  it('refuses a call without a key (401), with a key of another scope (403), a malformed doctor (422) and an unknown one (404)', async () => {
    expect((await desk(`/waitlist?doctor_id=${DOCTOR}`)).status).toBe(401);
    expect((await desk(`/waitlist?doctor_id=${DOCTOR}`, QUEUE_KEY)).status).toBe(403);
    expect((await desk('/waitlist/stats', QUEUE_KEY)).status).toBe(403);
    const malformed = await desk('/waitlist?doctor_id=Not_A_Doctor', DESK_KEY);
    expect(malformed.status).toBe(422);
    expect((await envelope(malformed)).errors?.doctor_id).toEqual(['پزشک معتبر نیست']);
    expect((await desk('/waitlist', DESK_KEY)).status).toBe(422);
    const unknown = await desk('/waitlist?doctor_id=no-such-doctor', DESK_KEY);
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).message).toBe('پزشک پیدا نشد');
  });

  it('lists the line in order with the offered slot, and the open offers', async () => {
    const answer = await desk(`/waitlist?doctor_id=${DOCTOR}`, DESK_KEY);
    expect(answer.status).toBe(200);
    const list = (await envelope<DeskWaitlist>(answer)).data!;
    expect(list.doctor_id).toBe(DOCTOR);
    expect(list.entries.map((entry) => [entry.position, entry.key, entry.status, entry.offer?.appointment_key])).toEqual([
      [1, seeded.waitingKey, 'waiting', undefined],
      [2, seeded.offeredKey, 'offered', seeded.appointmentKey],
    ]);
    expect(list.entries[0]).not.toHaveProperty('offer');
    expect(list.entries[1]).toMatchObject({ part_of_day: 'any', patient: { first_name: 'کیان', international_code: '0012345679', phone_number: seeded.phone, self: false } });
    const offer = { start: seeded.start, expires_at: seeded.expiresAt, appointment_key: seeded.appointmentKey, status: 'live', turn: 3, fee: 5_000_000 };
    expect(list.entries[1]!.offer).toMatchObject(offer);
    expect(list.offers).toEqual([{ ...list.entries[1]!.offer, entry_key: seeded.offeredKey }]);
    // Another doctor's line is empty.
    expect((await envelope<DeskWaitlist>(await desk('/waitlist?doctor_id=nasrin-mousavi', DESK_KEY))).data).toEqual({ doctor_id: 'nasrin-mousavi', entries: [], offers: [] });
  });

  it('answers the stats', async () => {
    const answer = await desk('/waitlist/stats', DESK_KEY);
    expect(answer.status).toBe(200);
    const stats = (await envelope<WaitlistStats>(answer)).data!;
    expect(stats.entries).toEqual({ total: 2, waiting: 1, offered: 1, booked: 0, expired: 0, left: 0 });
    expect(stats.offers).toEqual({ made: 1, open: 1, accepted: 0, declined: 0, lapsed: 0, withdrawn: 0, booked: 0 });
    expect(stats.days).toEqual({ booked: 0, to_visit_median: null, gained_median: null, gained_mean: null });
  });

  it('npm run hospital -- waitlist and waitlist-stats print them in Persian', async () => {
    const portal = { PORTAL_URL: server.url, HOSPITAL_API_KEY: DESK_KEY };
    const line = await hospitalCli(['waitlist', DOCTOR], portal);
    expect(line.stderr).toBe('');
    expect(line.code).toBe(0);
    expect(line.stdout).toContain(`فهرست انتظار ${DOCTOR}: 2 نفر، 1 نوبت پیشنهادشده`);
    const jalaliDay = String.raw`\d{4}/\d\d/\d\d`;
    expect(line.stdout).toMatch(new RegExp(String.raw`^1\s+${seeded.waitingKey}\s+${seeded.name}\s+\d{10}\s+09\d{9}\s+${jalaliDay} تا ${jalaliDay}\s+صبح\s+در انتظار$`, 'm'));
    // The slot in Tehran time with its key, and the minutes left of the offer's 30.
    expect(line.stdout).toMatch(
      new RegExp(
        String.raw`^2\s+${seeded.offeredKey}\s+کیان رضایی \(برای دیگری\)\s+0012345679\s+${seeded.phone}\s+.+\s+هر دو\s+نوبت پیشنهاد شده\s+${jalaliDay} 10:00 \(${seeded.appointmentKey}\)\s+(30|29|28) دقیقه مانده$`,
        'm',
      ),
    );
    const stats = await hospitalCli(['waitlist-stats'], portal);
    expect(stats.stderr).toBe('');
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/^در انتظار\s+1$/m);
    expect(stats.stdout).toMatch(/^نوبت پیشنهاد شده\s+1$/m);
    expect(stats.stdout).toMatch(/^همه\s+2$/m);
    expect(stats.stdout).toMatch(/^باز \(.+\)\s+1$/m);
    expect(stats.stdout).toContain('از پیوستن تا ویزیت (میانه): —');
    // A key without the appointments scope sees nothing.
    const board = await hospitalCli(['waitlist', DOCTOR], { PORTAL_URL: server.url, HOSPITAL_API_KEY: QUEUE_KEY });
    expect(board.code).toBe(1);
    expect(board.stderr).toMatch(/^403: /);
  });
});
