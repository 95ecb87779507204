/**
 * The booking opening hour: OPENING_PATIENTS patients (default 1,000), each registered from an
 * address of its own with a wallet charged through the sandbox bank, try to book one popular
 * doctor's first OPENING_SLOTS free slots (default 64) within one minute. Arrivals are a burst that
 * thins out (exponential, half of them in the first 3.5 s, the last at 60 s). Each patient reads
 * the doctor's slots, holds one of the first few free ones among the 64, pays it from the wallet
 * on 201, and on 409 tries one of the answer's alternatives (or reads the slots again), a few times.
 *
 * The portal is one of its own, on PGlite, or with `databaseUrl` (a PostgreSQL server) on a fresh
 * database created there and dropped after. The registering and charging happen before the clock
 * starts. Reported: the hold, pay and slot-read latencies and statuses, answers 5xx or lost, the
 * time until the 64th slot was paid, and whether the database holds each of the 64 slots booked
 * exactly once (read after the portal stopped). `npm run bench` runs it as the `opening` part (on
 * PostgreSQL too when BENCH_DATABASE_URL is set); on its own: `node scripts/bench/opening-hour.ts`
 * (`--postgres`: only the PostgreSQL run). OPENING_PATIENTS and OPENING_SLOTS change the crowd.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import { nationalCode, registerPatient } from '../../tests/support/portal-api.ts';
import { type RunningServer, startServer } from '../../tests/support/server.ts';
import { SANDBOX_CARD } from '../../tests/support/wallet-api.ts';
import { SLOTS_DOCTOR } from './appointments.ts';
import { databaseUrl, PORTAL_ENV, postgresAdmin } from './portal-env.ts';
import { table } from './report.ts';

const PATIENTS = Number(process.env.OPENING_PATIENTS ?? 1000) || 1000;
const SLOTS = Number(process.env.OPENING_SLOTS ?? 64) || 64;
/** Arrivals spread over this long; the clock of "all booked" starts with the first. */
const ARRIVAL_SECONDS = 60;
/** The burst's time constant: the share still to arrive falls by e every this many seconds. */
const ARRIVAL_TAU_SECONDS = 5;
/** A patient picks at random among this many of the first free slots they see. */
const PICK_AMONG = 5;
/** Holds a patient tries before giving up. */
const MAX_HOLDS = 10;
/** Patients registered and charged at once before the clock starts. */
const PREPARE_CONCURRENCY = 16;

interface Timed {
  status: number;
  ms: number;
}

export interface LatencySummary {
  count: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  statusCodes: Record<string, number>;
}

export interface OpeningHourResult {
  database: 'PGlite' | 'PostgreSQL';
  patients: number;
  slots: number;
  doctorId: string;
  prepareSeconds: number;
  holds: LatencySummary;
  pays: LatencySummary;
  slotReads: LatencySummary;
  /** Answers 500 or above, and requests that got no answer at all. */
  serverErrors: number;
  lost: number;
  /** The first few errors of requests that got no answer. */
  lostReasons: string[];
  /** Patients who paid a slot; who found none of the 64 free; who ran out of tries. */
  booked: number;
  foundNone: number;
  gaveUp: number;
  /** From the first arrival until the last of the 64 was paid; null if some stayed unbooked. */
  allBookedMs: number | null;
  /** The database: confirmed rows in each of the 64 slots (every one should be 1). */
  bookedOnce: boolean;
  slotsBookedTwice: number;
  slotsUnbooked: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so two runs make the same choices. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** When patient i of n arrives (ms after the first): truncated exponential quantiles, a burst that thins out. */
export function arrivalMs(i: number, n: number): number {
  const tail = 1 - Math.exp(-ARRIVAL_SECONDS / ARRIVAL_TAU_SECONDS);
  const q = n <= 1 ? 0 : (i / (n - 1)) * tail;
  return Math.round(-ARRIVAL_TAU_SECONDS * 1000 * Math.log(1 - q));
}

function summarize(samples: Timed[]): LatencySummary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : null);
  const statusCodes: Record<string, number> = {};
  for (const { status } of samples) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  return { count: samples.length, p50Ms: at(50), p99Ms: at(99), maxMs: sorted.length ? Math.round(sorted[sorted.length - 1]!) : null, statusCodes };
}

interface Patient {
  token: string;
  ip: string;
}

/** Puts `amount` rials in the wallet as a browser would (charge, the sandbox bank's form, back), from the patient's address. */
async function chargeWallet(server: RunningServer, patient: Patient, amount: number): Promise<void> {
  const headers = { 'x-forwarded-for': patient.ip };
  const charged = await fetch(new URL('/api/wallet/charge', server.url), {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${patient.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
  });
  if (charged.status !== 201) throw new Error(`charge answered ${charged.status}: ${await charged.text()}`);
  const { redirect_url } = ((await charged.json()) as { data: { redirect_url: string } }).data;
  const page = await (await fetch(new URL(redirect_url, server.url), { headers, redirect: 'manual' })).text();
  const bankPath = /url=(\/sandbox-bank\/[A-Za-z0-9_-]+)/.exec(page)?.[1];
  if (!bankPath) throw new Error(`no bank link in ${redirect_url}: ${page.slice(0, 300)}`);
  const back = await fetch(new URL(bankPath, server.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams(SANDBOX_CARD),
  });
  const callback = back.headers.get('location');
  if (!callback) throw new Error(`the sandbox bank answered ${back.status} without sending the browser back`);
  await (await fetch(new URL(callback, server.url), { headers, redirect: 'manual' })).arrayBuffer();
}

/** Registers and charges `count` patients, PREPARE_CONCURRENCY at a time. */
async function preparePatients(server: RunningServer, count: number, fee: number): Promise<Patient[]> {
  const patients: Patient[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const ip = `10.${200 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
      const { token } = await registerPatient(server, {
        phone: `0937${String(1_000_000 + i)}`,
        ip,
        firstName: 'سنجش',
        lastName: 'ساعت نوبت',
        internationalCode: nationalCode(700_000 + i),
      });
      const patient = { token, ip };
      patients[i] = patient;
      await chargeWallet(server, patient, fee);
    }
  };
  await Promise.all(Array.from({ length: PREPARE_CONCURRENCY }, worker));
  return patients;
}

interface Target {
  doctorId: string;
  fee: number;
  /** The first SLOTS free starts (ISO), in time order. */
  starts: string[];
  /** Days the slot read asks for, so it covers them all. */
  days: number;
}

async function readSlots(server: RunningServer, doctorId: string, days: number, ip: string): Promise<{ status: number; answer?: SlotsAnswer }> {
  const response = await fetch(new URL(`/api/appointments/slots?doctor_id=${doctorId}&days=${days}`, server.url), { headers: { 'x-forwarded-for': ip } });
  if (response.status !== 200) {
    await response.arrayBuffer();
    return { status: response.status };
  }
  return { status: 200, answer: (await response.json()) as SlotsAnswer };
}

async function chooseTarget(server: RunningServer, doctorId: string): Promise<Target> {
  const { status, answer } = await readSlots(server, doctorId, 31, '10.199.0.1');
  if (!answer) throw new Error(`slots of ${doctorId} answered ${status}`);
  const starts = answer.data
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available)
    .slice(0, SLOTS)
    .map((slot) => slot.start);
  if (starts.length < SLOTS) throw new Error(`${doctorId} has ${starts.length} free slots, fewer than ${SLOTS}`);
  const last = answer.data.findIndex((day) => day.slots.some((slot) => slot.start === starts[starts.length - 1]));
  return { doctorId, fee: answer.meta.fee, starts, days: last + 1 };
}

interface Outcome {
  kind: 'booked' | 'found_none' | 'gave_up';
  paidAt?: number;
}

interface Recorder {
  holds: Timed[];
  pays: Timed[];
  slotReads: Timed[];
  lost: number;
  lostReasons: string[];
}

/**
 * The crowd's connections. The patients' calls go out through plain node:http, not fetch: the
 * crowd runs on the same two cores as the portal, and fetch's machinery cost this process about as
 * much CPU as the portal spent answering, so the portal's latencies measured the bench as much.
 */
const crowd = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One call of a patient: status and body text (brotli or gzip undone, as a browser would). */
function send(url: URL, { method = 'GET', headers, body }: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method, agent: crowd, headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, text: decoded.toString('utf8') });
      });
    });
    call.on('error', reject);
    call.end(body);
  });
}

async function timed(record: Timed[], recorder: Recorder, run: () => Promise<{ status: number; text: string }>): Promise<{ status: number; body: unknown } | null> {
  const started = performance.now();
  try {
    const { status, text } = await run();
    record.push({ status, ms: performance.now() - started });
    return { status, body: text ? JSON.parse(text) : null };
  } catch (error) {
    recorder.lost += 1;
    if (recorder.lostReasons.length < 3) recorder.lostReasons.push(String((error as { cause?: unknown }).cause ?? error));
    return null;
  }
}

/** One patient's try: read, hold one of the first free, pay; on 409 another, a few times. */
async function bookAsPatient(server: RunningServer, { patient, target, pick, recorder }: { patient: Patient; target: Target; pick: () => number; recorder: Recorder }): Promise<Outcome> {
  const wanted = new Set(target.starts);
  const headers = { authorization: `Bearer ${patient.token}`, 'content-type': 'application/json', 'x-forwarded-for': patient.ip };
  let known: string[] = [];
  for (let attempt = 0; attempt < MAX_HOLDS; attempt++) {
    if (known.length === 0) {
      const read = await timed(recorder.slotReads, recorder, () =>
        send(new URL(`/api/appointments/slots?doctor_id=${target.doctorId}&days=${target.days}`, server.url), { headers: { 'x-forwarded-for': patient.ip } }),
      );
      if (read?.status !== 200) return { kind: 'gave_up' };
      known = (read.body as SlotsAnswer).data.flatMap((day) => day.slots.filter((slot) => slot.available && wanted.has(slot.start)).map((slot) => slot.start));
      if (known.length === 0) return { kind: 'found_none' };
    }
    const start = known[Math.floor(pick() * Math.min(PICK_AMONG, known.length))]!;
    const held = await timed(recorder.holds, recorder, () =>
      send(new URL('/api/appointments/hold', server.url), { method: 'POST', headers, body: JSON.stringify({ doctor_id: target.doctorId, start }) }),
    );
    if (held?.status === 409) {
      const alternatives = ((held.body as { data?: { alternatives?: string[] } }).data?.alternatives ?? []).filter((other) => wanted.has(other) && other !== start);
      known = alternatives;
      continue;
    }
    if (held?.status !== 201) return { kind: 'gave_up' };
    const { key } = (held.body as { data: { key: string } }).data;
    const paid = await timed(recorder.pays, recorder, () =>
      send(new URL(`/api/appointments/${key}/pay`, server.url), { method: 'POST', headers, body: JSON.stringify({ use_wallet: true }) }),
    );
    if (paid?.status === 200 && (paid.body as { data: { status: string } }).data.status === 'confirmed') return { kind: 'booked', paidAt: performance.now() };
    return { kind: 'gave_up' };
  }
  return { kind: 'gave_up' };
}

/** Confirmed rows per target slot, read from the portal's database after it stopped. */
async function confirmedPerSlot(target: Target, where: { databaseUrl?: string; dataDir: string }): Promise<Map<string, number>> {
  const query = 'select starts_at, count(*)::int as n from appointments where doctor_id = $1 and status = $2 and starts_at = any($3::timestamptz[]) group by starts_at';
  const params = [target.doctorId, 'confirmed', target.starts];
  let rows: Array<{ starts_at: Date | string; n: number }>;
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<{ starts_at: Date; n: number }>(query, params)).rows;
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create(path.join(where.dataDir, 'pglite'));
    try {
      rows = (await db.query<{ starts_at: Date; n: number }>(query, params)).rows;
    } finally {
      await db.close();
    }
  }
  return new Map(rows.map((row) => [new Date(row.starts_at).toISOString(), row.n]));
}

/** A fresh database on the server of `adminUrl`: its URL and how to drop it. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_opening_${randomBytes(4).toString('hex')}`;
  const admin = postgresAdmin(adminUrl);
  await admin(`create database ${name}`);
  return { url: databaseUrl(adminUrl, name), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Runs the opening hour on a portal of its own: PGlite, or a fresh database on the PostgreSQL server of `adminUrl`. */
export async function benchOpeningHour({ adminUrl, log = () => {} }: { adminUrl?: string | undefined; log?: (message: string) => void } = {}): Promise<OpeningHourResult> {
  const scratch = adminUrl ? await scratchDatabase(adminUrl) : undefined;
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      env: { ...PORTAL_ENV, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    });
    const target = await chooseTarget(server, SLOTS_DOCTOR);
    log(`  registering ${PATIENTS} patients and charging their wallets (${scratch ? 'PostgreSQL' : 'PGlite'})`);
    const prepareStarted = performance.now();
    const patients = await preparePatients(server, PATIENTS, target.fee);
    const prepareSeconds = (performance.now() - prepareStarted) / 1000;
    log(`  ${PATIENTS} patients ready in ${prepareSeconds.toFixed(0)} s; the opening hour starts`);

    const recorder: Recorder = { holds: [], pays: [], slotReads: [], lost: 0, lostReasons: [] };
    const started = performance.now();
    const outcomes = await Promise.all(
      patients.map(async (patient, i) => {
        await sleep(Math.max(0, started + arrivalMs(i, patients.length) - performance.now()));
        return bookAsPatient(server!, { patient, target, pick: random(i + 1), recorder });
      }),
    );
    const paidTimes = outcomes.flatMap((outcome) => (outcome.paidAt === undefined ? [] : [outcome.paidAt]));
    await server.stop();
    const perSlot = await confirmedPerSlot(target, { databaseUrl: scratch?.url, dataDir: server.dataDir });
    const counts = target.starts.map((start) => perSlot.get(start) ?? 0);
    const all = [...recorder.holds, ...recorder.pays, ...recorder.slotReads];
    return {
      database: scratch ? 'PostgreSQL' : 'PGlite',
      patients: PATIENTS,
      slots: SLOTS,
      doctorId: target.doctorId,
      prepareSeconds: Math.round(prepareSeconds),
      holds: summarize(recorder.holds),
      pays: summarize(recorder.pays),
      slotReads: summarize(recorder.slotReads),
      serverErrors: all.filter((sample) => sample.status >= 500).length,
      lost: recorder.lost,
      lostReasons: recorder.lostReasons,
      booked: outcomes.filter((outcome) => outcome.kind === 'booked').length,
      foundNone: outcomes.filter((outcome) => outcome.kind === 'found_none').length,
      gaveUp: outcomes.filter((outcome) => outcome.kind === 'gave_up').length,
      allBookedMs: paidTimes.length >= SLOTS ? Math.round(Math.max(...paidTimes) - started) : null,
      bookedOnce: counts.every((n) => n === 1),
      slotsBookedTwice: counts.filter((n) => n > 1).length,
      slotsUnbooked: counts.filter((n) => n === 0).length,
    };
  } finally {
    await server?.dispose();
    await scratch?.drop();
  }
}

const ms = (value: number | null) => (value === null ? null : `${value} ms`);
const codes = (summary: LatencySummary) =>
  Object.entries(summary.statusCodes)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');

export function openingHourSection(results: OpeningHourResult[]): string {
  const requests = table(
    ['database', 'call', 'count', 'p50', 'p99', 'max', 'answers'],
    results.flatMap((r) =>
      (
        [
          ['GET slots', r.slotReads],
          ['POST hold', r.holds],
          ['POST pay', r.pays],
        ] as const
      ).map(([call, s]) => [r.database, call, s.count, ms(s.p50Ms), ms(s.p99Ms), ms(s.maxMs), codes(s)]),
    ),
  );
  const outcome = table(
    ['database', 'patients', 'booked', 'found none', 'gave up', '5xx', 'lost', 'all booked after', 'each slot booked once', 'prepared in'],
    results.map((r) => [
      r.database,
      r.patients,
      `${r.booked}/${r.slots}`,
      r.foundNone,
      r.gaveUp,
      r.serverErrors,
      r.lost,
      r.allBookedMs === null ? 'never' : `${(r.allBookedMs / 1000).toFixed(1)} s`,
      r.bookedOnce ? 'yes' : `NO (${r.slotsBookedTwice} twice, ${r.slotsUnbooked} unbooked)`,
      `${r.prepareSeconds} s`,
    ]),
  );
  const lost = results.flatMap((r) => r.lostReasons.map((reason) => `${r.database}: no answer: ${reason}`));
  return [requests, '', outcome, ...(lost.length ? ['', ...lost] : [])].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const log = (message: string) => console.error(`[opening] ${message}`);
  // `--postgres` alone: only the PostgreSQL run.
  const results = process.argv.includes('--postgres') ? [] : [await benchOpeningHour({ log })];
  if (adminUrl) results.push(await benchOpeningHour({ adminUrl, log }));
  console.log(openingHourSection(results));
  process.exitCode = results.every((r) => r.bookedOnce && r.serverErrors === 0 && r.lost === 0) ? 0 : 1;
}
