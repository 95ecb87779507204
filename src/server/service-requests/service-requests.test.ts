import * as v from 'valibot';
import { expect, expectTypeOf, it, vi } from 'vitest';
import type { DeskServiceRequestSchema } from '#lib/api/contracts/hospital.ts';
import { SERVICE_REQUEST_MOVES, SERVICE_REQUEST_STATUSES, type ServiceRequestBody, type ServiceRequestStatus, ServiceRequestStatusSchema } from '#lib/api/contracts/service-requests.ts';
import { tehran } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { readCatalogue } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type DeskServiceRequest, deskServiceRequest, listServiceRequestsForHospital, moveServiceRequestForHospital } from './hospital.ts';
import { serviceRequestMessages as M } from './messages.ts';
import { eventsOf, findServiceRequest } from './repository.ts';
import { cancelServiceRequest, createServiceRequest, getServiceRequest, listServiceRequests, MAX_OPEN_REQUESTS, moveServiceRequest } from './service.ts';

// Every SMS the services send, in order (the console provider would write them to a file).
const sms = vi.hoisted(() => [] as Array<{ to: string; text: string }>);
vi.mock('../sms/notify.ts', () => ({ notify: async (_db: unknown, { to, text }: { to: string; text: string }) => void sms.push({ to, text }) }));
vi.stubEnv('SERVICE_REQUEST_DAILY_LIMIT', '');

const services = readCatalogue('src/content').services;
/** SERVICE_REQUEST_DAILY_LIMIT's default (vi.stubEnv below keeps a developer's own setting out). */
const MAX_REQUESTS_PER_DAY = 5;
const SERVICE = 'home-injection';
/** 2026-12-01 09:30 in Tehran. */
const NOW = tehran('2026-12-01', '09:30');
const MIN = 60_000;
const at = (minutes: number, from = NOW) => new Date(from.getTime() + minutes * MIN);

const requester = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const body = (changes: Partial<ServiceRequestBody> = {}): ServiceRequestBody => ({
  service_id: SERVICE,
  phone: '02188001234',
  address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
  preferred_date: '2026-12-03',
  preferred_window: 'morning',
  notes: '',
  prescription_code: '',
  file_ids: [],
  ...changes,
});
/** An ISO instant `days` after NOW at a Tehran wall time. */
const visit = (time: string, day = '2026-12-03') => tehran(day, time).toISOString();
const smsTo = (phone: string, key: string) => sms.filter((message) => message.to === phone && message.text.includes(key)).map((message) => message.text);

/** The moves that bring a new request to `status`. */
const PATH_TO: Record<ServiceRequestStatus, Array<{ status: ServiceRequestStatus; scheduled_at?: string }>> = {
  submitted: [],
  reviewing: [{ status: 'reviewing' }],
  scheduled: [{ status: 'scheduled', scheduled_at: visit('10:00') }],
  in_progress: [{ status: 'scheduled', scheduled_at: visit('10:00') }, { status: 'in_progress' }],
  done: [{ status: 'scheduled', scheduled_at: visit('10:00') }, { status: 'done' }],
  cancelled: [{ status: 'cancelled' }],
  rejected: [{ status: 'rejected' }],
};

async function requestIn(db: Db, account: Account, status: ServiceRequestStatus): Promise<string> {
  const created = await createServiceRequest(db, { services, requester: requester(account), body: body(), now: NOW });
  for (const [i, move] of PATH_TO[status].entries()) await moveServiceRequest(db, { services, key: created.key, body: move, now: at(i + 1) });
  return created.key;
}

describeEachDatabase('service requests', (database) => {
  it('allows exactly the moves of SERVICE_REQUEST_MOVES: a legal one moves and adds history, an illegal one is a 409 that changes nothing', async () => {
    const { db } = database();
    for (const from of SERVICE_REQUEST_STATUSES) {
      for (const to of SERVICE_REQUEST_STATUSES) {
        // A patient per move: an account files a few requests a day only.
        const account = await newPatient(db);
        const key = await requestIn(db, account, from);
        const before = await findServiceRequest(db, key);
        const move = { status: to, ...(to === 'scheduled' ? { scheduled_at: visit('11:00') } : {}) };
        if (SERVICE_REQUEST_MOVES[from].includes(to)) {
          const moved = await moveServiceRequest(db, { services, key, body: move, now: at(10) });
          expect(moved.status, `${from} → ${to}`).toBe(to);
          expect(moved.history.at(-1), `${from} → ${to}`).toMatchObject({ status: to, by: 'hospital', at: at(10).toISOString() });
        } else {
          const refused = await rejection(moveServiceRequest(db, { services, key, body: move, now: at(10) }), AppError);
          expect(refused.code, `${from} → ${to}`).toBe('conflict');
          expect(await findServiceRequest(db, key), `${from} → ${to}`).toEqual(before);
          expect((await eventsOf(db, before!.id)).length, `${from} → ${to}`).toBe(1 + PATH_TO[from].length);
        }
      }
    }
    // The table itself: nothing leaves a final status, nothing goes back to submitted or reviewing from a visit.
    for (const final of ['done', 'cancelled', 'rejected'] as const) expect(SERVICE_REQUEST_MOVES[final]).toEqual([]);
    expect(SERVICE_REQUEST_MOVES.scheduled).not.toContain('reviewing');
    expect(SERVICE_REQUEST_MOVES.in_progress).not.toContain('scheduled');
  });

  it('walks a request to done: history and the patient’s SMS in order, the note and the visit time in them', async () => {
    const { db } = database();
    const account = await newPatient(db);
    sms.length = 0;
    const created = await createServiceRequest(db, { services, requester: requester(account), body: body({ notes: 'زنگ دوم را بزنید' }), now: NOW });
    expect(created).toMatchObject({ status: 'submitted', service: { id: SERVICE, name: services.get(SERVICE)!.name }, can_cancel: true, notes: 'زنگ دوم را بزنید' });
    const key = created.key;
    await moveServiceRequest(db, { services, key, body: { status: 'reviewing', note: 'نسخه را بررسی می‌کنیم' }, now: at(5) });
    await moveServiceRequest(db, { services, key, body: { status: 'scheduled', scheduled_at: visit('10:00'), note: 'داروها را آماده کنید' }, now: at(10) });
    // Moved to another time: scheduled again.
    const moved = await moveServiceRequest(db, { services, key, body: { status: 'scheduled', scheduled_at: visit('11:30') }, now: at(15) });
    expect(moved).toMatchObject({ status: 'scheduled', scheduled_at: visit('11:30'), can_cancel: false });
    await moveServiceRequest(db, { services, key, body: { status: 'in_progress' }, now: at(20) });
    const done = await moveServiceRequest(db, { services, key, body: { status: 'done', note: 'خدمت انجام شد' }, now: at(25) });
    expect(done.history).toEqual([
      { status: 'submitted', by: 'patient', at: NOW.toISOString() },
      { status: 'reviewing', by: 'hospital', note: 'نسخه را بررسی می‌کنیم', at: at(5).toISOString() },
      { status: 'scheduled', by: 'hospital', note: 'داروها را آماده کنید', scheduled_at: visit('10:00'), at: at(10).toISOString() },
      { status: 'scheduled', by: 'hospital', scheduled_at: visit('11:30'), at: at(15).toISOString() },
      { status: 'in_progress', by: 'hospital', at: at(20).toISOString() },
      { status: 'done', by: 'hospital', note: 'خدمت انجام شد', at: at(25).toISOString() },
    ]);
    expect(done.scheduled_at).toBe(visit('11:30'));
    const texts = smsTo(account.phoneNumber, key);
    expect(texts).toHaveLength(6);
    expect(texts[0]).toMatch(/ثبت شد/);
    expect(texts[1]).toContain('در حال بررسی');
    expect(texts[1]).toContain('نسخه را بررسی می‌کنیم');
    // 10:00 and 11:30 Tehran, in Persian digits, with the note.
    expect(texts[2]).toContain('۱۰:۰۰');
    expect(texts[2]).toContain('داروها را آماده کنید');
    expect(texts[3]).toContain('۱۱:۳۰');
    expect(texts[4]).toContain('در حال انجام');
    expect(texts[5]).toContain('انجام شده');
    expect(texts[5]).toContain('خدمت انجام شد');
  });

  it('refuses scheduled without a time or at a past time (422), an unknown or odd key (404)', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const key = await requestIn(db, account, 'reviewing');
    const missing = await rejection(moveServiceRequest(db, { services, key, body: { status: 'scheduled' }, now: at(1) }), AppError);
    expect(missing).toMatchObject({ code: 'invalid_input', errors: { scheduled_at: [expect.any(String)] } });
    const past = await rejection(moveServiceRequest(db, { services, key, body: { status: 'scheduled', scheduled_at: at(-1).toISOString() }, now: at(1) }), AppError);
    expect(past).toMatchObject({ code: 'invalid_input', errors: { scheduled_at: [expect.any(String)] } });
    expect((await findServiceRequest(db, key))?.status).toBe('reviewing');
    for (const odd of ['SR-AAAAAA', 'SR-0O1IL0', 'sr-aaaaaa', '../SR-AAAAAA', '']) {
      expect((await rejection(moveServiceRequest(db, { services, key: odd, body: { status: 'reviewing' }, now: at(1) }), AppError)).code, odd).toBe('not_found');
    }
    // The request schema says the same before the service is asked: with the field's path.
    const unscheduled = v.safeParse(ServiceRequestStatusSchema, { status: 'scheduled' });
    expect(unscheduled.success).toBe(false);
    expect(unscheduled.issues?.[0]?.path?.map((p) => p.key)).toEqual(['scheduled_at']);
    expect(v.safeParse(ServiceRequestStatusSchema, { status: 'scheduled', scheduled_at: '2026-12-03T10:00:00+03:30' }).success).toBe(false);
    expect(v.safeParse(ServiceRequestStatusSchema, { status: 'reviewing', note: 'we are on it' }).success).toBe(false);
    expect(v.safeParse(ServiceRequestStatusSchema, { status: 'lost' }).success).toBe(false);
  });

  it('the patient cancels only while submitted or reviewing; another account’s request is not found', async () => {
    const { db } = database();
    const [owner, stranger] = [await newPatient(db), await newPatient(db)];
    sms.length = 0;
    const submitted = await requestIn(db, owner, 'submitted');
    const reviewing = await requestIn(db, owner, 'reviewing');
    const scheduled = await requestIn(db, owner, 'scheduled');
    for (const call of [() => getServiceRequest(db, services, stranger.id, submitted), () => cancelServiceRequest(db, { services, accountId: stranger.id, key: submitted, now: at(30) })]) {
      expect((await rejection(call(), AppError)).code).toBe('not_found');
    }
    expect((await listServiceRequests(db, services, stranger.id, { page: 1, per_page: 20 })).total).toBe(0);
    expect((await cancelServiceRequest(db, { services, accountId: owner.id, key: submitted, now: at(30) })).status).toBe('cancelled');
    const cancelled = await cancelServiceRequest(db, { services, accountId: owner.id, key: reviewing, now: at(31) });
    expect(cancelled).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(cancelled.history.at(-1)).toEqual({ status: 'cancelled', by: 'patient', at: at(31).toISOString() });
    const late = await rejection(cancelServiceRequest(db, { services, accountId: owner.id, key: scheduled, now: at(32) }), AppError);
    expect(late.code).toBe('conflict');
    expect((await findServiceRequest(db, scheduled))?.status).toBe('scheduled');
    // A second cancel answers the same and texts nothing more.
    const textsBefore = smsTo(owner.phoneNumber, submitted).length;
    expect((await cancelServiceRequest(db, { services, accountId: owner.id, key: submitted, now: at(33) })).status).toBe('cancelled');
    expect(smsTo(owner.phoneNumber, submitted)).toHaveLength(textsBefore);
    expect(smsTo(stranger.phoneNumber, submitted)).toEqual([]);
    // The hospital may not reopen it either.
    expect((await rejection(moveServiceRequest(db, { services, key: submitted, body: { status: 'reviewing' }, now: at(34) }), AppError)).code).toBe('conflict');
  });

  it(`keeps at most ${MAX_OPEN_REQUESTS} requests open per account, over days; a closed one frees a place`, async () => {
    const { db } = database();
    const one = await newPatient(db);
    const DAY = 24 * 60;
    const keys = [];
    for (let i = 0; i < MAX_OPEN_REQUESTS; i++) {
      const when = at(Math.floor(i / MAX_REQUESTS_PER_DAY) * DAY + i);
      keys.push((await createServiceRequest(db, { services, requester: requester(one), body: body({ preferred_date: '2026-12-06' }), now: when })).key);
    }
    const eleventh = await rejection(createServiceRequest(db, { services, requester: requester(one), body: body({ preferred_date: '2026-12-06' }), now: at(3 * DAY) }), AppError);
    expect(eleventh).toMatchObject({ code: 'rate_limited', message: M.tooManyOpen(MAX_OPEN_REQUESTS) });
    await moveServiceRequest(db, { services, key: keys[0]!, body: { status: 'rejected', note: 'این نشانی خارج از محدودهٔ خدمت است' }, now: at(3 * DAY + 1) });
    expect((await createServiceRequest(db, { services, requester: requester(one), body: body({ preferred_date: '2026-12-06' }), now: at(3 * DAY + 2) })).status).toBe('submitted');
  });

  it(`bounds submit-and-cancel: ${MAX_REQUESTS_PER_DAY} requests per account in 24 hours, cancelled ones included, also when 20 arrive at once`, async () => {
    const { db } = database();
    const looper = await newPatient(db);
    const before = sms.length;
    for (let loop = 0; loop < MAX_REQUESTS_PER_DAY; loop++) {
      const created = await createServiceRequest(db, { services, requester: requester(looper), body: body(), now: at(2 * loop) });
      await cancelServiceRequest(db, { services, accountId: looper.id, key: created.key, now: at(2 * loop + 1) });
    }
    const refused = await rejection(createServiceRequest(db, { services, requester: requester(looper), body: body(), now: at(60) }), AppError);
    // The first of the day opens again 24 hours after it was filed.
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfter: 23 * 60 * 60, message: M.tooManyToday(MAX_REQUESTS_PER_DAY, 23 * 60 * 60) });
    expect(refused.message).toMatch(/[\u0600-\u06FF]/);
    expect(sms.length - before).toBe(2 * MAX_REQUESTS_PER_DAY);
    expect((await listServiceRequests(db, services, looper.id, { page: 1, per_page: 50 })).total).toBe(MAX_REQUESTS_PER_DAY);
    expect((await createServiceRequest(db, { services, requester: requester(looper), body: body(), now: at(24 * 60) })).status).toBe('submitted');

    const crowd = await newPatient(db);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => createServiceRequest(db, { services, requester: requester(crowd), body: body(), now: NOW })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_REQUESTS_PER_DAY);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(refusals.map((e) => e.code)).toEqual(Array(20 - MAX_REQUESTS_PER_DAY).fill('rate_limited'));
    expect((await listServiceRequests(db, services, crowd.id, { page: 1, per_page: 50 })).total).toBe(MAX_REQUESTS_PER_DAY);
  });

  it('checks the request against the catalogue: the service, its windows, the day', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const refused = async (changes: Partial<ServiceRequestBody>) => rejection(createServiceRequest(db, { services, requester: requester(account), body: body(changes), now: NOW }), AppError);
    expect(await refused({ service_id: 'no-such-service' })).toMatchObject({ code: 'invalid_input', errors: { service_id: [expect.any(String)] } });
    expect(await refused({ preferred_date: '2026-11-30' })).toMatchObject({ code: 'invalid_input', errors: { preferred_date: [expect.any(String)] } });
    expect(await refused({ preferred_date: '2027-03-01' })).toMatchObject({ code: 'invalid_input', errors: { preferred_date: [expect.any(String)] } });
    expect((await listServiceRequests(db, services, account.id, { page: 1, per_page: 20 })).total).toBe(0);
  });
});

describeEachDatabase('the hospital desk’s service requests', (database) => {
  // Earlier than anything else in this database, so these come first in the oldest-first queue.
  const EARLY = tehran('2026-01-10', '08:00');

  it('lists the open requests oldest first, with the patient’s code, the account’s mobile, the phone and address; filters and pages', async () => {
    const { db } = database();
    const [self, family] = [await newPatient(db), await newPatient(db)];
    const relativeCode = nationalCode(91_001);
    const first = await createServiceRequest(db, { services, requester: requester(self), body: body({ preferred_date: '2026-01-11', notes: 'طبقهٔ سوم' }), now: EARLY });
    const second = await createServiceRequest(db, {
      services,
      requester: requester(family),
      body: body({ preferred_date: '2026-01-12', preferred_window: 'evening', phone: '09351112233', for: { first_name: 'رضا', last_name: 'کاظمی', international_code: relativeCode } }),
      now: at(1, EARLY),
    });
    const closed = await createServiceRequest(db, { services, requester: requester(self), body: body({ preferred_date: '2026-01-12' }), now: at(2, EARLY) });
    await moveServiceRequest(db, { services, key: closed.key, body: { status: 'rejected' }, now: at(3, EARLY) });
    await moveServiceRequest(db, { services, key: second.key, body: { status: 'scheduled', scheduled_at: tehran('2026-01-12', '18:30').toISOString() }, now: at(4, EARLY) });

    const queue = await listServiceRequestsForHospital(db, services, { status: 'open', page: 1, per_page: 2 });
    expect(queue.rows.map((r) => r.key)).toEqual([first.key, second.key]);
    expect(queue.rows[0]).toEqual({
      key: first.key,
      service_id: SERVICE,
      service_name: services.get(SERVICE)!.name,
      status: 'submitted',
      patient: { first_name: 'مریم', last_name: 'احمدی', international_code: self.internationalCode, phone_number: self.phoneNumber, self: true },
      phone: '02188001234',
      address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
      preferred_date: '2026-01-11',
      preferred_window: 'morning',
      notes: 'طبقهٔ سوم',
      invoice_keys: [],
      files: [],
      created_at: EARLY.toISOString(),
      updated_at: EARLY.toISOString(),
    });
    expect(queue.rows[1]).toMatchObject({
      status: 'scheduled',
      scheduled_at: tehran('2026-01-12', '18:30').toISOString(),
      preferred_window: 'evening',
      phone: '09351112233',
      patient: { first_name: 'رضا', last_name: 'کاظمی', international_code: relativeCode, phone_number: family.phoneNumber, self: false },
    });
    expect(queue.rows[1]).not.toHaveProperty('history');
    const openTotal = queue.total;
    expect(openTotal).toBeGreaterThanOrEqual(2);
    const all = await listServiceRequestsForHospital(db, services, { status: 'all', page: 1, per_page: 3 });
    expect(all.rows.map((r) => r.key)).toEqual([first.key, second.key, closed.key]);
    expect(all.total).toBe(openTotal + 1);
    expect((await listServiceRequestsForHospital(db, services, { status: 'rejected', page: 1, per_page: 50 })).rows.map((r) => r.key)).toEqual([closed.key]);
    const secondPage = await listServiceRequestsForHospital(db, services, { status: 'all', page: 2, per_page: 2 });
    expect(secondPage.rows[0]?.key).toBe(closed.key);
  });

  it('answers a move in the desk’s view, with the whole history; 404 for an unknown key', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const created = await createServiceRequest(db, { services, requester: requester(account), body: body(), now: NOW });
    const moved = await moveServiceRequestForHospital(db, { services, key: created.key, body: { status: 'reviewing', note: 'با شما تماس می‌گیریم' }, now: at(1) });
    expect(moved).toMatchObject({ key: created.key, status: 'reviewing', patient: { international_code: account.internationalCode, phone_number: account.phoneNumber } });
    expect(moved.history).toEqual([
      { status: 'submitted', by: 'patient', at: NOW.toISOString() },
      { status: 'reviewing', by: 'hospital', note: 'با شما تماس می‌گیریم', at: at(1).toISOString() },
    ]);
    expect(await deskServiceRequest(db, services, created.key)).toEqual(moved);
    expect((await rejection(deskServiceRequest(db, services, 'SR-AAAAAA'), AppError)).code).toBe('not_found');
  });
});

it('documents the desk’s view the service really gives', () => {
  expectTypeOf<v.InferOutput<typeof DeskServiceRequestSchema>>().toEqualTypeOf<DeskServiceRequest>();
});
