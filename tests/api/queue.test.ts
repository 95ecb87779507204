import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskQueue, PatientQueue, PublicBoard } from '../../src/lib/api/contracts/queue.ts';
import { queueMessages as M } from '../../src/server/queue/messages.ts';
import { envelope, getAs } from '../support/appointments-api.ts';
import { type EventStream, openEventStream, queueData } from '../support/event-stream.ts';
import { lastCode, nationalCode, newIp, newPhone, post, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// The visit day through the built server, on the demo install (DEMO_DATA=1 seeds today's queue for
// the demo patient at every start, whatever the day and hour). One server for the file: the tests
// run in order, and the last one ends the demo doctor's session.
const DESK_KEY = 'desk-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const LAB_KEY = 'lab-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DEMO_PHONE = '09120000000';
/** A demo patient of the same day (see src/server/demo/visit-day.ts). */
const OTHER_DEMO_PHONE = '09120000001';
const PERSIAN = /[\u0600-\u06FF]/;

let server: RunningServer;
let doctorId: string;
let token: string;
let myKey: string;
let otherDayKey: string;
let othersKey: string;
let othersToken: string;

/** Logs `phone` in (an existing account): its token. */
async function login(phone: string): Promise<string> {
  const ip = newIp();
  await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
  const checked = await envelope<Array<{ token: string }>>(await post(server, 'auth/check_verification_code', { phone_number: phone, code: lastCode(server, phone) }, { ip }));
  return checked.data![0]!.token;
}

function desk(path: string, { key = DESK_KEY, body, idempotencyKey, raw }: { key?: string | null; body?: unknown; idempotencyKey?: string; raw?: string } = {}) {
  const hasBody = body !== undefined || raw !== undefined;
  return fetch(new URL(`/api/hospital/v1/queue/${path}`, server.url), {
    method: hasBody ? 'POST' : 'GET',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      'x-forwarded-for': newIp(),
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}
const deskList = async () => (await envelope<DeskQueue>(await desk(doctorId))).data!;
const deskEvent = (body: unknown, idempotencyKey?: string) => desk(`${doctorId}/events`, { body, ...(idempotencyKey ? { idempotencyKey } : {}) });

const streamOf = (path: string, { bearer, ip = newIp(), headers = {} }: { bearer?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  openEventStream(new URL(path, server.url).href, { 'x-forwarded-for': ip, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers });
const myStream = (options: { bearer?: string; ip?: string; headers?: Record<string, string> } = {}) => streamOf(`/api/appointments/${myKey}/queue/events`, { bearer: token, ...options });
const boardStream = (ip?: string) => streamOf(`/api/public/queue/${doctorId}/events`, ip ? { ip } : {});
/** The body of a refused stream, as JSON. */
const refusalOf = (stream: EventStream) => JSON.parse(stream.text()) as { success: boolean; message: string };

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY: '1',
      DEMO_DATA: '1',
      HOSPITAL_API_KEYS: `desk:${sha256(DESK_KEY)}:queue,lab:${sha256(LAB_KEY)}:test-results+invoices`,
      QUEUE_STREAMS_PER_ACCOUNT: '2',
      QUEUE_STREAMS_PER_ADDRESS: '3',
    },
  });
  doctorId = /board at \/queue\/([^\s,]+)/.exec(server.output())![1]!;
  [token, othersToken] = await Promise.all([login(DEMO_PHONE), login(OTHER_DEMO_PHONE)]);
  const day = await deskList();
  myKey = day.entries.find((entry) => entry.patient_name === 'سارا نمونه')!.key;
  othersKey = day.entries.find((entry) => entry.patient_name === 'مریم کاظمی')!.key;
  const upcoming = await envelope<Array<{ key: string }>>(await getAs(server, '/api/appointments?scope=upcoming', token));
  otherDayKey = upcoming.data!.find((appointment) => !day.entries.some((entry) => entry.key === appointment.key))!.key;
});
afterAll(() => server?.dispose());

describe('the patient’s queue', () => {
  it('shows the demo patient her place in today’s queue', async () => {
    const answer = await envelope<PatientQueue>(await getAs(server, `/api/appointments/${myKey}/queue`, token));
    const entry = (await deskList()).entries.find((candidate) => candidate.key === myKey)!;
    expect(answer.data).toMatchObject({ number: entry.number, status: entry.status, session: 'running', doctor_name: expect.stringMatching(PERSIAN) });
  });

  it('answers 404 for another account’s appointment: its queue, its stream and its check-in', async () => {
    const stranger = await registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'نرگس', lastName: 'رضایی', internationalCode: nationalCode(9_710) });
    for (const [bearer, key] of [
      [stranger.token, myKey],
      [othersToken, myKey],
      [token, othersKey],
    ] as const) {
      const queue = await getAs(server, `/api/appointments/${key}/queue`, bearer);
      expect(queue.status).toBe(404);
      expect((await envelope(queue)).message).toBe(M.appointmentNotFound);
      const stream = await streamOf(`/api/appointments/${key}/queue/events`, { bearer });
      expect(stream.status).toBe(404);
      await stream.ended;
      expect(refusalOf(stream).message).toBe(M.appointmentNotFound);
      const checkIn = await post(server, `appointments/${key}/check-in`, undefined, { token: bearer, ip: newIp() });
      expect(checkIn.status).toBe(404);
    }
    expect((await getAs(server, `/api/appointments/${myKey}/queue`)).status).toBe(401);
  });

  it('answers 409 in Persian for the patient’s appointment of another day', async () => {
    const queue = await getAs(server, `/api/appointments/${otherDayKey}/queue`, token);
    expect(queue.status).toBe(409);
    expect((await envelope(queue)).message).toBe(M.notToday);
    const stream = await streamOf(`/api/appointments/${otherDayKey}/queue/events`, { bearer: token });
    expect(stream.status).toBe(409);
    await stream.ended;
    expect(refusalOf(stream).message).toBe(M.notToday);
    const checkIn = await post(server, `appointments/${otherDayKey}/check-in`, undefined, { token, ip: newIp() });
    expect(checkIn.status).toBe(409);
    expect((await envelope(checkIn)).message).toBe(M.notToday);
  });
});

describe('the desk (hospital API)', () => {
  it('needs a key with the queue scope', async () => {
    for (const key of [null, 'not-a-key']) {
      expect((await desk(doctorId, { key })).status).toBe(401);
      expect((await desk(`${doctorId}/events`, { key, body: { type: 'paused' } })).status).toBe(401);
    }
    const list = await desk(doctorId, { key: LAB_KEY });
    expect(list.status).toBe(403);
    expect((await envelope(list)).message).toMatch(PERSIAN);
    expect((await desk(`${doctorId}/events`, { key: LAB_KEY, body: { type: 'delay', minutes: 1 } })).status).toBe(403);
  });

  it('answers an unknown doctor 404 in Persian', async () => {
    const answer = await desk('no-such-doctor/events', { body: { type: 'session_started' } });
    expect(answer.status).toBe(404);
    expect((await envelope(answer)).message).toMatch(PERSIAN);
  });

  it('replays an event sent again with its Idempotency-Key: the same answer, no second event', async () => {
    const before = (await deskList()).events;
    const first = await deskEvent({ type: 'delay', minutes: 4 }, 'queue-replay-1');
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await deskEvent({ type: 'delay', minutes: 4 }, 'queue-replay-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect((await deskList()).events).toBe(before + 1);
    // The same key with another body is a mistake, not a replay.
    const other = await deskEvent({ type: 'delay', minutes: 6 }, 'queue-replay-1');
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.status).toBeLessThan(500);
    expect((await envelope(other)).message).toMatch(PERSIAN);
    expect((await deskList()).events).toBe(before + 1);
  });

  it('refuses bad bodies in Persian and records nothing', async () => {
    const before = (await deskList()).events;
    const bodies: Array<[string, string, number[]]> = [
      ['unknown type', JSON.stringify({ type: 'coffee_break' }), [400, 422]],
      ['NUL in the type', JSON.stringify({ type: 'paused\u0000' }), [400, 422]],
      ['NUL in the key', JSON.stringify({ type: 'called', appointment_key: `${myKey}\u0000` }), [400, 422]],
      ['minutes on a pause', JSON.stringify({ type: 'paused', minutes: 5 }), [400, 422]],
      ['a delay without minutes', JSON.stringify({ type: 'delay' }), [400, 422]],
      ['a delay of 601 minutes', JSON.stringify({ type: 'delay', minutes: 601 }), [400, 422]],
      ['a negative delay', JSON.stringify({ type: 'delay', minutes: -5 }), [400, 422]],
      ['a fractional delay', JSON.stringify({ type: 'delay', minutes: 2.5 }), [400, 422]],
      ['a call without a key', JSON.stringify({ type: 'called' }), [400, 422]],
      ['a key on a pause', JSON.stringify({ type: 'paused', appointment_key: myKey }), [400, 422]],
      ['not JSON', '{"type": "paus', [400, 422]],
      ['2 MB', JSON.stringify({ type: 'delay', minutes: 5, pad: 'x'.repeat(2 * 1024 * 1024) }), [413]],
    ];
    for (const [what, raw, statuses] of bodies) {
      const answer = await desk(`${doctorId}/events`, { raw });
      expect(statuses, `${what} → ${answer.status}`).toContain(answer.status);
      expect((await envelope(answer)).message, what).toMatch(PERSIAN);
    }
    const minutes = await envelope(await desk(`${doctorId}/events`, { body: { type: 'paused', minutes: 5 } }));
    expect(minutes.errors?.minutes?.[0]).toMatch(PERSIAN);
    expect((await deskList()).events).toBe(before);
  });

  it('answers 409 in Persian for an appointment that is not in this doctor’s day', async () => {
    for (const key of [otherDayKey]) {
      const answer = await deskEvent({ type: 'called', appointment_key: key });
      expect(answer.status).toBe(409);
      expect([M.notToday, M.otherDoctor]).toContain((await envelope(answer)).message);
    }
    const unknown = await deskEvent({ type: 'called', appointment_key: 'AP-ZZZZZZ' });
    expect(unknown.status).toBe(404);
  });

  it('shows the waiting room the board without names or keys', async () => {
    const answer = await fetch(new URL(`/api/public/queue/${doctorId}`, server.url), { headers: { 'x-forwarded-for': newIp() } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const board = (JSON.parse(text) as { data: PublicBoard }).data;
    expect(board).toMatchObject({ session: 'running', now_serving: expect.any(Number) });
    for (const entry of (await deskList()).entries) {
      expect(text).not.toContain(entry.key);
      expect(text).not.toContain(entry.patient_name);
    }
    const unknown = await fetch(new URL('/api/public/queue/no-such-doctor', server.url), { headers: { 'x-forwarded-for': newIp() } });
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).message).toMatch(PERSIAN);
  });
});

describe('the live stream', () => {
  it('is text/event-stream, never compressed, and sends the state at once', async () => {
    const stream = await myStream({ headers: { 'accept-encoding': 'br, gzip, deflate' } });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.headers['cache-control']).toContain('no-store');
      const first = queueData<PatientQueue>(await stream.waitFor((event) => event.event === 'queue'));
      expect(first).toMatchObject({ session: 'running', status: expect.any(String), number: expect.any(Number) });
      expect(stream.text()).toMatch(/^retry: \d+\n\n/);
    } finally {
      stream.close();
    }
  });

  it('carries a desk event to the patient’s stream and to the waiting-room board', async () => {
    const [mine, board] = await Promise.all([myStream(), boardStream()]);
    try {
      await Promise.all([mine.waitFor((event) => event.event === 'queue'), board.waitFor((event) => event.event === 'queue')]);
      expect((await deskEvent({ type: 'delay', minutes: 17 })).status).toBe(201);
      const seen = queueData<PatientQueue>(await mine.waitFor((event) => event.event === 'queue' && queueData<PatientQueue>(event).delay_minutes === 17));
      expect(seen.estimated_at === undefined || Date.parse(seen.estimated_at) >= Date.parse(seen.start) + 17 * 60_000).toBe(true);
      await board.waitFor((event) => event.event === 'queue' && queueData<PublicBoard>(event).delay_minutes === 17);
    } finally {
      mine.close();
      board.close();
    }
  });

  it('opens QUEUE_STREAMS_PER_ACCOUNT streams an account, then 429 in Persian, and frees a place when one is closed', async () => {
    const open = [await myStream(), await myStream()];
    try {
      expect(open.map((stream) => stream.status)).toEqual([200, 200]);
      const third = await myStream();
      expect(third.status).toBe(429);
      await third.ended;
      expect(refusalOf(third).message).toBe(M.tooManyStreams);
      open.shift()!.close();
      // The server frees the place when it sees the connection gone: wait for that, not for a time.
      await expect
        .poll(
          async () => {
            const next = await myStream();
            if (next.status === 200) open.push(next);
            else next.close();
            return next.status;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
  });

  it('opens QUEUE_STREAMS_PER_ADDRESS streams from one address, then 429', async () => {
    const ip = newIp();
    const open = [await boardStream(ip), await boardStream(ip), await boardStream(ip)];
    try {
      expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
      const fourth = await boardStream(ip);
      expect(fourth.status).toBe(429);
      await fourth.ended;
      expect(refusalOf(fourth).message).toBe(M.tooManyStreams);
      expect((await boardStream()).status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
  });

  it('does not open for a revoked token', async () => {
    const before = await streamOf(`/api/appointments/${othersKey}/queue/events`, { bearer: othersToken });
    expect(before.status).toBe(200);
    before.close();
    expect((await post(server, 'auth/logout', undefined, { token: othersToken })).status).toBe(200);
    const stream = await streamOf(`/api/appointments/${othersKey}/queue/events`, { bearer: othersToken });
    expect(stream.status).toBe(401);
    await stream.ended;
    expect(stream.events).toEqual([]);
  });

  // Last: it ends the demo doctor's day.
  it('ends with `event: end` and closes when the doctor’s session ends; check-in is closed after it', async () => {
    const stream = await myStream();
    try {
      await stream.waitFor((event) => event.event === 'queue');
      expect((await deskEvent({ type: 'session_ended' })).status).toBe(201);
      const last = await stream.waitFor((event) => event.event === 'queue' && queueData<PatientQueue>(event).session === 'ended');
      expect(queueData<PatientQueue>(last).estimated_at).toBeUndefined();
      await stream.waitFor((event) => event.event === 'end');
      await stream.ended;
    } finally {
      stream.close();
    }
    // A stream opened now shows the ended day once and ends.
    const late = await myStream();
    await late.ended;
    expect(late.events.map((event) => event.event)).toEqual(['queue', 'end']);
    const checkIn = await post(server, `appointments/${myKey}/check-in`, undefined, { token, ip: newIp() });
    expect(checkIn.status).toBe(409);
    expect((await envelope(checkIn)).message).toMatch(PERSIAN);
    expect((await deskEvent({ type: 'resumed' })).status).toBe(409);
  });
});
