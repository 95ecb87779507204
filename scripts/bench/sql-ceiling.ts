/**
 * Database endpoints against their own SQL ceiling (DESIGN.md §6): each hot endpoint is loaded
 * through the portal (autocannon, 50 connections), then the exact statements its requests ran are
 * replayed directly on the same database at the same concurrency, and the endpoint's throughput is
 * reported as a share of that ceiling (goal ≥ 0.5), with its p99/p50 (goal ≤ 5) and the longest time
 * between two answers (a stall of the process or the database, which p99 alone cannot tell apart
 * from a few slow requests).
 *
 * How, per database (PGlite always; PostgreSQL when BENCH_DATABASE_URL is set, one and two portal
 * processes on one database):
 * 1. A portal of its own: patients registered, wallets charged, a test result filed for each.
 * 2. The endpoint loads (two processes: 25 connections each, latencies merged).
 * 3. The portals stop; the database is copied (PGlite: the data directory; PostgreSQL: a database
 *    made from it as a template), and a portal on the copy, with `DB_QUERY_LOG`, serves requests of
 *    the same kinds one at a time, each tagged, so its log says which statements each request ran.
 * 4. Those statements are replayed on the original database, which is where the copy started:
 *    reads round and round for a few seconds, writes once each in recorded order (so every insert
 *    is new and every hold is there for its payment). PGlite is opened in this process (one
 *    connection: requests queue for it, as in the portal); PostgreSQL through a pg pool of the
 *    portal's size (10 per process).
 *
 * A limit: a replayed write whose statements name rows by the ids earlier replayed inserts were
 * given (a hold expiring the patient's previous hold by id) goes wrong on PostgreSQL, where 50
 * callers at once are handed sequence values in another order than the recording was; such
 * failures are counted and the row's verdict says the ceiling is unsure. PGlite's one connection
 * keeps the order.
 *
 * BENCH_CEILING_SECONDS (default: the load's 10 s) shortens the endpoint loads for a quick look;
 * BENCH_CEILING_LOG=<path> keeps the recorded query log as <path>.<database>.jsonl, to read what each request ran.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { QUERY_LOG_TAG_HEADER } from '../../src/server/db/query-log.ts';
import { nationalCode, registerPatient } from '../../tests/support/portal-api.ts';
import { type RunningServer, startServer } from '../../tests/support/server.ts';
import { cbcFiling, fileResult } from '../../tests/support/test-results.ts';
import { chargeWallet } from '../../tests/support/wallet-api.ts';
import { freeSlots, SLOTS_DOCTOR } from './appointments.ts';
import { LOAD_SETTINGS, warmUp } from './load.ts';
import { databaseUrl, PORTAL_ENV, postgresAdmin } from './portal-env.ts';
import { type LoggedStatement, percentile, pgliteTarget, postgresTarget, type ReplayResult, type ReplayTarget, readLogFrom, replay, unitsOf } from './replay.ts';
import { table } from './report.ts';

const PATIENTS = 100;
/** Requests of each write endpoint recorded for one replay run (a write is replayed once). */
const RECORDED_WRITES = { charge: 1000, hold: 600 } as const;
/** Requests of the slots call recorded (they differ only by the caller's address). */
const RECORDED_SLOTS = 20;
const MEASURED_SECONDS = Math.max(1, Number(process.env.BENCH_CEILING_SECONDS ?? LOAD_SETTINGS.durationSeconds) || LOAD_SETTINGS.durationSeconds);
/** Reads are replayed this long after a 1 s warm-up: enough for a steady rate. */
const REPLAY_READ_SECONDS = Math.min(5, MEASURED_SECONDS);
const CONNECTIONS = LOAD_SETTINGS.connections;
/** The portal's pool size per process (src/server/db/client.ts). */
const POOL_PER_PROCESS = 10;
const WALLET_FILL = 500_000_000;

export interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface CeilingRow {
  endpoint: string;
  database: 'PGlite' | 'PostgreSQL';
  processes: number;
  portal: Figures & {
    non2xx: number;
    errors: number;
    statusCodes: Record<string, number>;
    /**
     * The longest time between two answers of a timed run, over all the processes together: a
     * stall of the process or of the database (not a slow request among quick ones) shows here.
     * NaN for a counted run.
     */
    longestGapMs: number;
  };
  ceiling: ReplayResult;
  /** portal req/s ÷ ceiling req/s; goal ≥ 0.5. */
  share: number;
  /** portal p99 ÷ p50; goal ≤ 5. */
  tail: number;
}

export interface CeilingResult {
  rows: CeilingRow[];
  notes: string[];
}

type Log = (message: string) => void;

interface Patient {
  token: string;
  phone: string;
  code: string;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one database's run shares between its loads and its recording: the patients and where each rotation stands. */
interface Fixture {
  patients: Patient[];
  holdSlots: Array<[string, string]>;
  paySlots: Array<[string, string]>;
  holds: number;
  payRounds: number;
  addresses: number;
}

const auth = (patient: Patient) => ({ Authorization: `Bearer ${patient.token}` });
const json = { 'Content-Type': 'application/json' };

/** A client address no other request of the run used (holds and slots are limited per address). */
function nextAddress(fixture: Fixture): string {
  const n = fixture.addresses++;
  return `10.${96 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`;
}

/** The read endpoints, each as the n-th request of its kind. */
function readCalls(fixture: Fixture): Array<[string, (n: number) => Call]> {
  const patient = (n: number) => fixture.patients[n % fixture.patients.length]!;
  return [
    ['GET /api/wallet', (n) => ({ method: 'GET', path: '/api/wallet', headers: auth(patient(n)) })],
    ['GET /api/wallet/transactions', (n) => ({ method: 'GET', path: '/api/wallet/transactions?page=1&per_page=10', headers: auth(patient(n)) })],
    ['GET /api/test-results', (n) => ({ method: 'GET', path: '/api/test-results?page=1&per_page=10', headers: auth(patient(n)) })],
    [
      `GET /api/appointments/slots (${SLOTS_DOCTOR}, 14 days)`,
      () => ({ method: 'GET', path: `/api/appointments/slots?doctor_id=${SLOTS_DOCTOR}&days=14`, headers: { 'X-Forwarded-For': nextAddress(fixture) } }),
    ],
  ];
}

const chargeCall = (fixture: Fixture, n: number): Call => ({
  method: 'POST',
  path: '/api/wallet/charge',
  headers: { ...auth(fixture.patients[n % fixture.patients.length]!), ...json },
  body: JSON.stringify({ amount: 1_000_000 }),
});

/**
 * The next hold, round robin over the patients and the hold slots: with the slot count a multiple
 * of the patient count, a slot comes round again only to the patient who held it last, who has
 * moved on since (a new hold releases the account's earlier one), so nearly every hold finds its slot free.
 */
function holdCall(fixture: Fixture): Call {
  const n = fixture.holds++;
  const [doctorId, start] = fixture.holdSlots[n % fixture.holdSlots.length]!;
  return {
    method: 'POST',
    path: '/api/appointments/hold',
    headers: { ...auth(fixture.patients[n % fixture.patients.length]!), ...json, 'X-Forwarded-For': nextAddress(fixture) },
    body: JSON.stringify({ doctor_id: doctorId, start }),
  };
}

/** Each patient's hold of a slot of its own, to be paid from the wallet: the hold calls, then the pay call for each answer. */
function payRound(fixture: Fixture): { holds: Call[]; pay: (answer: unknown, n: number) => Call | undefined } {
  const round = fixture.payRounds++;
  const holds = fixture.patients.map((patient, i): Call => {
    const [doctorId, start] = fixture.paySlots[round * fixture.patients.length + i]!;
    return {
      method: 'POST',
      path: '/api/appointments/hold',
      headers: { ...auth(patient), ...json, 'X-Forwarded-For': nextAddress(fixture) },
      body: JSON.stringify({ doctor_id: doctorId, start }),
    };
  });
  const pay = (answer: unknown, n: number): Call | undefined => {
    const key = (answer as { data?: { key?: string } } | undefined)?.data?.key;
    if (!key) return undefined;
    return { method: 'POST', path: `/api/appointments/${key}/pay`, headers: { ...auth(fixture.patients[n]!), ...json }, body: JSON.stringify({ use_wallet: true }) };
  };
  return { holds, pay };
}

async function send(baseUrl: string, call: Call, tag?: string): Promise<{ status: number; answer: unknown }> {
  const response = await fetch(new URL(call.path, baseUrl), {
    method: call.method,
    headers: { ...call.headers, ...(tag === undefined ? {} : { [QUERY_LOG_TAG_HEADER]: tag }) },
    ...(call.body === undefined ? {} : { body: call.body }),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: response.status, answer };
}

/**
 * `next()` from CONNECTIONS connections split over `urls`, for MEASURED_SECONDS after a warm-up, or
 * `amount` requests in all; every response's time is kept, over all the processes together.
 */
async function loadOn(urls: string[], next: () => Call, amount?: number): Promise<CeilingRow['portal']> {
  const connections = Math.floor(CONNECTIONS / urls.length);
  const times: number[] = [];
  const answeredAt: number[] = [];
  const settings = {
    connections,
    pipelining: 1,
    requests: [
      {
        setupRequest: (request: Request) => {
          const call = next();
          return { ...request, method: call.method, path: call.path, headers: { ...call.headers }, ...(call.body === undefined ? {} : { body: call.body }) };
        },
      },
    ],
  };
  if (amount === undefined) await warmUp(urls, settings);
  const started = performance.now();
  const results = await Promise.all(
    urls.map((url) => {
      const instance = autocannon({ url, ...settings, ...(amount === undefined ? { duration: MEASURED_SECONDS } : { amount: Math.ceil(amount / urls.length) }) });
      instance.on('response', (_client, _status, _bytes, ms) => {
        times.push(ms);
        answeredAt.push(performance.now());
      });
      return instance;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  const statusCodes: Record<string, number> = {};
  for (const result of results) for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    // A timed run: the mean rate of each process's measured seconds, summed; a counted one: requests over the time they took.
    rps: amount === undefined ? results.reduce((total, result) => total + result.requests.mean, 0) : times.length / elapsed,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: results.reduce((total, result) => total + result.requests.total, 0),
    non2xx: results.reduce((total, result) => total + result.non2xx, 0),
    errors: results.reduce((total, result) => total + result.errors, 0),
    statusCodes,
    // A counted run starts all its requests at once, and on PGlite they finish together, round by
    // round: the gaps between rounds are the queue, not a stall.
    longestGapMs: amount === undefined ? longestGap(answeredAt) : Number.NaN,
  };
}

/**
 * The longest stretch between two answers (they come in order per process, not overall). It starts
 * at the first answer: the wait for that one is a request's own time, which p99 already has.
 */
function longestGap(answeredAt: number[]): number {
  const sorted = Float64Array.from(answeredAt).sort();
  let longest = 0;
  for (let i = 1; i < sorted.length; i++) longest = Math.max(longest, sorted[i]! - sorted[i - 1]!);
  return longest;
}

/** Every endpoint loaded through the portals at `urls`, in the order the recording follows. */
async function measure(fixture: Fixture, urls: string[], log: Log): Promise<Map<string, CeilingRow['portal']>> {
  const figures = new Map<string, CeilingRow['portal']>();
  for (const [name, call] of readCalls(fixture)) {
    log(`    ${name} on ${urls.length} process(es)`);
    let n = 0;
    figures.set(name, await loadOn(urls, () => call(n++)));
  }
  log(`    POST /api/wallet/charge on ${urls.length} process(es)`);
  let charges = 0;
  figures.set('POST /api/wallet/charge', await loadOn(urls, () => chargeCall(fixture, charges++)));
  log(`    POST /api/appointments/hold on ${urls.length} process(es)`);
  figures.set('POST /api/appointments/hold', await loadOn(urls, () => holdCall(fixture)));
  const round = payRound(fixture);
  const pays: Call[] = [];
  for (const [i, hold] of round.holds.entries()) {
    const pay = round.pay((await send(urls[0]!, hold)).answer, i);
    if (pay) pays.push(pay);
  }
  log(`    POST /api/appointments/{key}/pay (wallet) on ${urls.length} process(es): ${pays.length} held appointments`);
  if (pays.length === 0) throw new Error('no patient could hold a slot to pay for');
  let paid = 0;
  figures.set(PAY, await loadOn(urls, () => pays[paid++ % pays.length]!, pays.length));
  return figures;
}

const PAY = 'POST /api/appointments/{key}/pay (wallet)';

/** Recorded requests in the order they ran: reads are replayed in every run; a write in its `run` only, measured or (a payment's holds) not. */
interface Phase {
  name: string;
  kind: 'read' | 'write';
  run: number | null;
  measured: boolean;
  tags: string[];
}

/** Serves each kind of request one at a time on `recorder`, tagged, and lists them by phase. */
async function record(fixture: Fixture, recorder: RunningServer, runs: number, log: Log): Promise<Phase[]> {
  const phases: Phase[] = [];
  let tagged = 0;
  const recordCall = async (phase: Phase, call: Call) => {
    const tag = String(tagged++);
    phase.tags.push(tag);
    return send(recorder.url, call, tag);
  };
  for (const [name, call] of readCalls(fixture)) {
    const phase: Phase = { name, kind: 'read', run: null, measured: true, tags: [] };
    phases.push(phase);
    const count = name.startsWith('GET /api/appointments/slots') ? RECORDED_SLOTS : fixture.patients.length;
    for (let n = 0; n < count; n++) await recordCall(phase, call(n));
  }
  log(`    recorded the reads; now ${RECORDED_WRITES.charge} charges and ${RECORDED_WRITES.hold} holds per run`);
  for (let run = 0; run < runs; run++) {
    const phase: Phase = { name: 'POST /api/wallet/charge', kind: 'write', run, measured: true, tags: [] };
    phases.push(phase);
    for (let n = 0; n < RECORDED_WRITES.charge; n++) await recordCall(phase, chargeCall(fixture, n));
  }
  for (let run = 0; run < runs; run++) {
    const phase: Phase = { name: 'POST /api/appointments/hold', kind: 'write', run, measured: true, tags: [] };
    phases.push(phase);
    for (let n = 0; n < RECORDED_WRITES.hold; n++) await recordCall(phase, holdCall(fixture));
  }
  for (let run = 0; run < runs; run++) {
    const round = payRound(fixture);
    const holding: Phase = { name: `${PAY}: its holds`, kind: 'write', run, measured: false, tags: [] };
    const paying: Phase = { name: PAY, kind: 'write', run, measured: true, tags: [] };
    phases.push(holding, paying);
    const pays: Call[] = [];
    for (const [i, hold] of round.holds.entries()) {
      const pay = round.pay((await recordCall(holding, hold)).answer, i);
      if (pay) pays.push(pay);
    }
    for (const pay of pays) await recordCall(paying, pay);
  }
  // Work a request leaves behind after its answer (effects) is still tagged with it: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return phases;
}

/**
 * The statements of each tag, from the whole log; and what no request ran (the job runner, pruning
 * at start), by the phase of the next request after it: it changed the copy (a lapsed hold
 * released, say), so the replay applies it too, one statement after another before that phase.
 */
function readRecording(file: string, phases: Phase[]): { byTag: Map<string, LoggedStatement[]>; background: LoggedStatement[][] } {
  const phaseOf = new Map<string, number>();
  for (const [index, phase] of phases.entries()) for (const tag of phase.tags) phaseOf.set(tag, index);
  const byTag = new Map<string, LoggedStatement[]>();
  const background: LoggedStatement[][] = phases.map(() => []);
  let waiting: LoggedStatement[] = [];
  for (const statement of readLogFrom(file, 0).statements) {
    const phase = statement.request ? phaseOf.get(statement.request) : undefined;
    if (statement.request === undefined || phase === undefined) {
      waiting.push(statement);
      continue;
    }
    if (waiting.length > 0) {
      background[phase]!.push(...waiting);
      waiting = [];
    }
    const list = byTag.get(statement.request) ?? [];
    list.push(statement);
    byTag.set(statement.request, list);
  }
  return { byTag, background };
}

/** Where one database's run keeps its data, how to copy it for the recording, and how to open it for the replay. */
interface BenchDatabase {
  label: 'PGlite' | 'PostgreSQL';
  processes: number[];
  env: Record<string, string>;
  dataDir: string;
  copy(): Promise<{ env: Record<string, string>; dataDir: string; drop(): Promise<void> }>;
  /** A replay target per run (run i: processes[i] portals' worth of connections) and how to close them. */
  targets(): Promise<{ targets: ReplayTarget[]; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

function pgliteDatabase(): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ceiling-'));
  return {
    label: 'PGlite',
    processes: [1],
    env: {},
    dataDir,
    async copy() {
      const copy = mkdtempSync(path.join(tmpdir(), 'bench-ceiling-copy-'));
      cpSync(dataDir, copy, { recursive: true });
      return { env: {}, dataDir: copy, drop: async () => rmSync(copy, { recursive: true, force: true }) };
    },
    async targets() {
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      return { targets: [pgliteTarget(client)], close: () => client.close() };
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `bench_${Date.now()}`;
  const admin = postgresAdmin(adminUrl);
  const urlOf = (database: string) => databaseUrl(adminUrl, database);
  await admin(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ceiling-'));
  return {
    label: 'PostgreSQL',
    processes: [1, 2],
    env: { DATABASE_URL: urlOf(name) },
    dataDir,
    async copy() {
      const copy = `${name}_recording`;
      await admin(`create database ${copy} template ${name}`);
      const copyDir = mkdtempSync(path.join(tmpdir(), 'bench-ceiling-copy-'));
      cpSync(dataDir, copyDir, { recursive: true });
      return {
        env: { DATABASE_URL: urlOf(copy) },
        dataDir: copyDir,
        async drop() {
          rmSync(copyDir, { recursive: true, force: true });
          await admin(`drop database if exists ${copy} with (force)`);
        },
      };
    },
    async targets() {
      const pools = [1, 2].map((processes) => {
        const pool = new pg.Pool({ connectionString: urlOf(name), max: POOL_PER_PROCESS * processes });
        // A connection the server ends while idle (a restart, another session's pg_terminate_backend) leaves the pool; the next query opens another.
        pool.on('error', () => {});
        return pool;
      });
      return { targets: pools.map(postgresTarget), close: async () => void (await Promise.all(pools.map((pool) => pool.end()))) };
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Patients registered from addresses of their own, each with a full wallet and a test result. */
async function prepare(server: RunningServer, log: Log): Promise<Fixture> {
  log(`    registering ${PATIENTS} patients, charging their wallets, filing a result each`);
  const patients: Patient[] = [];
  for (let i = 0; i < PATIENTS; i++) {
    const phone = `0937${String(1_000_000 + i)}`;
    const code = nationalCode(700_000 + i);
    const { token } = await registerPatient(server, { phone, ip: `10.95.${i >> 8}.${i & 255}`, firstName: 'سنجش', lastName: 'سقف', internationalCode: code });
    await chargeWallet(server, token, WALLET_FILL);
    await fileResult(server, cbcFiling({ international_code: code, phone_number: phone }));
    patients.push({ token, phone, code });
  }
  const slots = await freeSlots(server);
  // Slots to pay for are booked for good: a rotation of their own, away from the hold load's.
  const payRounds = 4;
  const paySlots = slots.splice(0, payRounds * PATIENTS);
  const holdSlots = slots.slice(0, Math.floor(slots.length / PATIENTS) * PATIENTS);
  if (paySlots.length < payRounds * PATIENTS || holdSlots.length === 0) throw new Error(`too few free slots (${slots.length + paySlots.length}) for ${PATIENTS} patients`);
  return { patients, holdSlots, paySlots, holds: 0, payRounds: 0, addresses: 0 };
}

async function benchDatabase(database: BenchDatabase, log: Log, notes: string[]): Promise<CeilingRow[]> {
  const portals: RunningServer[] = [];
  const stopPortals = async () => {
    await Promise.allSettled(portals.map((portal) => portal.stop()));
    portals.length = 0;
  };
  try {
    log(`  ${database.label}: starting the portal`);
    portals.push(await startServer({ env: { ...PORTAL_ENV, ...database.env }, dataDir: database.dataDir }));
    const fixture = await prepare(portals[0]!, log);
    const measured: Array<Map<string, CeilingRow['portal']>> = [];
    for (const processes of database.processes) {
      // More processes only on PostgreSQL, where they share the database (and this directory's key files).
      while (portals.length < processes) portals.push(await startServer({ env: { ...PORTAL_ENV, ...database.env }, dataDir: database.dataDir }));
      measured.push(
        await measure(
          fixture,
          portals.slice(0, processes).map((portal) => portal.url),
          log,
        ),
      );
    }
    await stopPortals();

    log(`  ${database.label}: recording each request's statements on a copy`);
    const copy = await database.copy();
    const logFile = path.join(copy.dataDir, 'queries.jsonl');
    let phases: Phase[];
    try {
      const recorder = await startServer({ env: { ...PORTAL_ENV, ...copy.env, DB_QUERY_LOG: logFile }, dataDir: copy.dataDir });
      try {
        phases = await record(fixture, recorder, database.processes.length, log);
      } catch (error) {
        throw new Error(`recording failed: ${error instanceof Error ? error.message : String(error)}\nportal log:\n${recorder.output().trim().split('\n').slice(-20).join('\n')}`, {
          cause: error,
        });
      } finally {
        await recorder.stop();
      }
    } catch (error) {
      await copy.drop();
      throw error;
    }
    const { byTag, background } = readRecording(logFile, phases);
    if (process.env.BENCH_CEILING_LOG) cpSync(logFile, `${process.env.BENCH_CEILING_LOG}.${database.label.toLowerCase()}.jsonl`);
    await copy.drop();

    log(`  ${database.label}: replaying them on the database`);
    const { targets, close } = await database.targets();
    const ceilings = new Map<string, ReplayResult>();
    try {
      for (const [index, phase] of phases.entries()) {
        if (background[index]!.length > 0) {
          // Each statement or transaction on its own, in order: one that fails does not keep the rest back.
          const pieces = unitsOf(background[index]!).map((unit) =>
            unit.kind === 'statement' ? [unit.statement] : [{ sql: 'begin', params: [] }, ...unit.statements, { sql: unit.rollback ? 'rollback' : 'commit', params: [] }],
          );
          const applied = await replay(targets[0]!, pieces, { concurrency: 1 });
          if (applied.errors > 0) notes.push(`${database.label}: ${applied.errors} statements of background work before ${phase.name} failed on replay, e.g. ${applied.firstError}`);
        }
        const requests = phase.tags.map((tag) => byTag.get(tag) ?? []);
        const runs = phase.run === null ? database.processes.map((_, run) => run) : [phase.run];
        for (const run of runs) {
          const target = targets[run]!;
          const result = await replay(
            target,
            requests,
            phase.kind === 'read' ? { concurrency: CONNECTIONS, durationMs: REPLAY_READ_SECONDS * 1000, warmupMs: 1000 } : { concurrency: CONNECTIONS },
          );
          if (phase.measured) ceilings.set(`${phase.name}#${run}`, result);
          if (result.errors > 0) notes.push(`${database.label}, ${phase.name}, ${target.name}: ${result.errors} replayed requests failed, e.g. ${result.firstError}`);
        }
      }
    } finally {
      await close();
    }

    const rows: CeilingRow[] = [];
    for (const [run, processes] of database.processes.entries()) {
      for (const [endpoint, portal] of measured[run]!) {
        const ceiling = ceilings.get(`${endpoint}#${run}`);
        if (!ceiling) continue;
        rows.push({
          endpoint,
          database: database.label,
          processes,
          portal,
          ceiling,
          share: ceiling.rps > 0 ? portal.rps / ceiling.rps : 0,
          tail: portal.p50Ms > 0 ? portal.p99Ms / portal.p50Ms : 0,
        });
      }
    }
    return rows;
  } finally {
    await stopPortals();
    await database.dispose();
  }
}

/** The whole comparison: PGlite, and PostgreSQL with one and two processes when BENCH_DATABASE_URL is set. */
export async function benchSqlCeiling(log: Log): Promise<CeilingResult> {
  const notes: string[] = [];
  const rows = await benchDatabase(pgliteDatabase(), log, notes);
  // Each database's figures as soon as they exist: the other's run is long and may fail.
  log(`PGlite:\n${sqlCeilingSection({ rows, notes: [] })}`);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const postgres = await benchDatabase(await postgresDatabase(adminUrl), log, notes);
    log(`PostgreSQL:\n${sqlCeilingSection({ rows: postgres, notes: [] })}`);
    rows.push(...postgres);
  } else notes.push('PostgreSQL not measured: set BENCH_DATABASE_URL (a server where the bench may create and drop a database).');
  return { rows, notes };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function sqlCeilingSection(result: CeilingResult): string {
  const rows = table(
    ['endpoint', 'database', 'procs', 'req/s', 'p50 ms', 'p99 ms', 'p99/p50', 'gap ms', 'non-2xx', 'ceiling req/s', 'ceil p50', 'ceil p99', 'stmts/req', 'share', 'verdict'],
    result.rows.map((row) => [
      row.endpoint,
      row.database,
      row.processes,
      fixed(row.portal.rps),
      fixed(row.portal.p50Ms, 1),
      fixed(row.portal.p99Ms, 1),
      fixed(row.tail, 1),
      Number.isNaN(row.portal.longestGapMs) ? '—' : fixed(row.portal.longestGapMs),
      row.portal.non2xx,
      fixed(row.ceiling.rps),
      fixed(row.ceiling.p50Ms, 1),
      fixed(row.ceiling.p99Ms, 1),
      fixed(row.ceiling.statementsPerRequest, 1),
      fixed(row.share, 2),
      [row.share >= 0.5 ? '' : 'share<0.5', row.tail <= 5 ? '' : 'p99>5×p50', row.ceiling.errors > 0 ? `ceiling unsure: ${row.ceiling.errors} replays failed` : '']
        .filter(Boolean)
        .join(' ') || 'ok',
    ]),
  );
  const codes = result.rows
    .filter((row) => row.portal.non2xx > 0 || row.portal.errors > 0)
    .map(
      (row) =>
        `  ${row.endpoint} (${row.database}, ${row.processes}): ${Object.entries(row.portal.statusCodes)
          .map(([code, count]) => `${code}×${count}`)
          .join(' ')}${row.portal.errors ? `, ${row.portal.errors} errors` : ''}`,
    );
  return [rows, ...(codes.length ? ['', 'Answers of the endpoints with failures:', ...codes] : []), ...(result.notes.length ? ['', ...result.notes.map((note) => `  ${note}`)] : [])].join(
    '\n',
  );
}
