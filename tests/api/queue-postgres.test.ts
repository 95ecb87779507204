import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskQueue, PatientQueue, PublicBoard } from '../../src/lib/api/contracts/queue.ts';
import { envelope } from '../support/appointments-api.ts';
import { createScratchPostgres } from '../support/databases.ts';
import { type EventStream, openEventStream, queueData } from '../support/event-stream.ts';
import { lastCode, newIp, post } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Two portal processes on one PostgreSQL database, as behind a load balancer: a desk event
// posted to either reaches the live streams of both (LISTEN/NOTIFY), events racing to both keep
// one order, and a LISTEN connection cut by the database comes back by itself.
const adminUrl = process.env.TEST_DATABASE_URL;
const DESK_KEY = 'desk-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const DEMO_PHONE = '09120000000';

describe.skipIf(!adminUrl)('the visit day on two processes sharing one PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let a: RunningServer;
  let b: RunningServer;
  let admin: pg.Client;
  let doctorId: string;
  let myKey: string;
  let stream: EventStream;

  const desk = (server: RunningServer, path: string, body?: unknown) =>
    fetch(new URL(`/api/hospital/v1/queue/${path}`, server.url), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${DESK_KEY}`, 'x-forwarded-for': newIp(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const deskList = async (server: RunningServer) => (await envelope<DeskQueue>(await desk(server, doctorId))).data!;
  const delayOn = async (server: RunningServer, minutes: number) => {
    const answer = await desk(server, `${doctorId}/events`, { type: 'delay', minutes });
    if (answer.status !== 201) throw new Error(`the desk event answered ${answer.status}: ${await answer.text()}`);
  };
  /** The next `queue` event of `on` showing a delay of `minutes`. */
  const delayShown = (on: EventStream, minutes: number) => on.waitFor((event) => event.event === 'queue' && queueData<{ delay_minutes: number }>(event).delay_minutes === minutes);

  beforeAll(async () => {
    scratch = await createScratchPostgres(adminUrl!);
    const env = {
      DATABASE_URL: scratch.url,
      TRUST_PROXY: '1',
      HOSPITAL_API_KEYS: `desk:${createHash('sha256').update(DESK_KEY).digest('hex')}:queue`,
      // One secret for both, as a deployment shares it.
      APP_SECRET: randomBytes(32).toString('hex'),
    };
    // A first (it migrates and seeds the demo day), then B on the same database.
    a = await startServer({ env: { ...env, DEMO_DATA: '1' } });
    b = await startServer({ env: { ...env, DEMO_DATA: '0' } });
    doctorId = /board at \/queue\/([^\s,]+)/.exec(a.output())![1]!;
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const ip = newIp();
    await post(a, 'auth/login/with/phone-number', { phone_number: DEMO_PHONE }, { ip });
    const checked = await envelope<Array<{ token: string }>>(await post(a, 'auth/check_verification_code', { phone_number: DEMO_PHONE, code: lastCode(a, DEMO_PHONE) }, { ip }));
    const token = checked.data![0]!.token;
    myKey = (await deskList(b)).entries.find((entry) => entry.patient_name === 'سارا نمونه')!.key;
    stream = await openEventStream(new URL(`/api/appointments/${myKey}/queue/events`, a.url).href, { authorization: `Bearer ${token}`, 'x-forwarded-for': newIp() });
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'queue');
  });
  afterAll(async () => {
    stream?.close();
    await Promise.allSettled([a?.dispose(), b?.dispose()]);
    await admin?.end();
    await scratch?.drop();
  });

  it('a desk event posted to B reaches a patient’s stream on A, and one posted to A a board on B', async () => {
    await delayOn(b, 11);
    const seen = queueData<PatientQueue>(await delayShown(stream, 11));
    expect(seen.date).toBe((await deskList(a)).date);

    const board = await openEventStream(new URL(`/api/public/queue/${doctorId}/events`, b.url).href, { 'x-forwarded-for': newIp() });
    try {
      await board.waitFor((event) => event.event === 'queue');
      await delayOn(a, 12);
      expect(queueData<PublicBoard>(await delayShown(board, 12)).delay_minutes).toBe(12);
    } finally {
      board.close();
    }
  });

  it('2 × 25 events racing to A and B keep one order: seq 1…N, no gap, no duplicate; both desk lists agree', async () => {
    const before = (await deskList(a)).events;
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => delayOn(i % 2 === 0 ? a : b, i % 10)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const { rows } = await admin.query<{ seq: number }>('select seq from queue_events where doctor_id = $1 and day = $2 order by seq', [doctorId, (await deskList(a)).date]);
    const total = before + 50;
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect((await deskList(a)).events).toBe(total);
    expect((await deskList(b)).events).toBe(total);
    // The stream on A settles on the state after the last of them (the event with the highest seq).
    const { rows: last } = await admin.query<{ minutes: number }>('select minutes from queue_events where doctor_id = $1 order by seq desc limit 1', [doctorId]);
    await expect
      .poll(() => queueData<PatientQueue>(stream.events.filter((event) => event.event === 'queue').at(-1)!).delay_minutes, { timeout: 20_000, interval: 100 })
      .toBe(last[0]!.minutes);
  });

  it('a LISTEN connection killed by the database comes back, and the stream on A still hears of events posted to B', async () => {
    const { rows } = await admin.query<{ terminated: boolean }>(
      "select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query ilike 'listen%'",
      [scratch.name],
    );
    // A's LISTEN (it serves a stream), and B's (it has served the board's).
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // Until the connection is back, an event's NOTIFY may be missed; the resync after it must
    // still bring the change. Post once now and once after A listens again.
    await delayOn(b, 41);
    await delayShown(stream, 41);
    await expect
      .poll(async () => (await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen%'", [scratch.name])).rows[0].n, {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(rows.length);
    await delayOn(b, 42);
    await delayShown(stream, 42);
    expect(a.output()).toMatch(/PostgreSQL LISTEN connection lost/);
  });
});
