/**
 * `npm run bench`: builds if stale, starts the portal, then measures `/` and the 404 page with
 * Lighthouse (mobile), the JavaScript loaded before any interaction, load tests of the static
 * answers (`GET /`, `POST /api/app/track-visit`) against a bare node:http server replaying their
 * bytes, the time 100 concurrent holds of one slot take to settle, 1,000 idle visit-day streams on
 * a demo portal of their own (memory, and how long a desk event takes to reach them all, see
 * queue-streams.ts), the database endpoints (wallet, statement, results, slots, charge, hold,
 * pay) as a share of their own SQL run directly on the same database (sql-ceiling.ts), and the
 * booking opening hour (1,000 patients after one doctor's 64 slots, see opening-hour.ts); the last
 * two on PostgreSQL too with BENCH_DATABASE_URL. Prints a plain-text report and writes
 * bench-results/latest.json. Exits non-zero only when a step crashed.
 *
 * BENCH_LIGHTHOUSE_RUNS (default 1): Lighthouse runs per page; the median performance run is kept.
 * BENCH_ONLY (comma-separated `lighthouse`, `weight`, `load`, `track-visit`, `appointments`,
 * `queue`, `ceiling`, `opening`; default all): run only those parts (`load` is the home and track-visit pairs,
 * `track-visit` only its pair, `appointments` the race, `ceiling` the database endpoints, `opening`
 * the opening hour); a partial run writes
 * latest-<parts>.json instead of latest.json; e.g. `BENCH_ONLY=weight npm run bench` for the script weights alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { invoiceLinkPath, issueInvoice } from '../../tests/support/hospital-invoice.ts';
import { nationalCode, registerPatient } from '../../tests/support/portal-api.ts';
import { type RunningServer, startServer } from '../../tests/support/server.ts';
import { cbcFiling, fileResult } from '../../tests/support/test-results.ts';
import { buildIfStale } from '../build-if-stale.ts';
import { freeSlots, preparePatients, type RaceResult, raceForOneSlot } from './appointments.ts';
import { type BareServer, startBareServer } from './bare-server.ts';
import { killLighthouseChrome, type LighthouseResult, runLighthouse } from './lighthouse.ts';
import { capture, LOAD_SETTINGS, type LoadRequest, runLoad, TRACK_VISIT_PATH, trackVisitRequests, visitBody } from './load.ts';
import { benchOpeningHour, type OpeningHourResult, openingHourSection } from './opening-hour.ts';
import { measurePageScripts, type PageScripts } from './page-weight.ts';
import { PORTAL_ENV } from './portal-env.ts';
import { benchQueueStreams, type QueueStreamsResult, queueStreamsSection } from './queue-streams.ts';
import { type LoadPair, lighthouseSection, loadSection, scriptsSection } from './report.ts';
import { benchSqlCeiling, type CeilingResult, sqlCeilingSection } from './sql-ceiling.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Public pages of each issue, the 404 page, and pages with islands (the profile and the wallet's
// charge form, logged out: the login popup opens by itself; the booking page, logged out, on its slots).
const PAGES = [
  '/',
  '/no-such-page',
  '/expertise-group',
  '/clinics/women',
  '/appointment?expertise=obstetrics-gynecology',
  '/appointment/doctor-profile/amirhossein-salehi',
  '/pregnancy-timeline',
  '/pregnancy-timeline/12',
  '/sr',
  '/sr/services',
  '/patient-profile',
  '/financial/charge-wallet',
  '/appointment/pre-reserve/amirhossein-salehi',
  '/patient-profile/services',
  '/sr/request/store?service=home-injection',
  '/sr/request/list',
  '/sr/request/SR-AAAAAA',
  // The invoices and one invoice, logged out (the key need not exist). The public link of
  // an invoice needs a real token: invoiceLinkPage() issues one once the portal runs.
  '/sr/invoice',
  '/sr/invoice/show/IN-AAAAAA',
  // The results page, logged out; a shared result needs a real token: sharedResultPage().
  '/test-response/give-response',
];
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const PARTS = ['lighthouse', 'weight', 'load', 'track-visit', 'appointments', 'queue', 'ceiling', 'opening'] as const;
const runs = (part: (typeof PARTS)[number]) => ONLY.size === 0 || ONLY.has(part);
const SKIPPED = '(skipped: not in BENCH_ONLY)';
for (const part of ONLY) {
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: unknown part ${JSON.stringify(part)}`);
}
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? '1') || 1);
/**
 * Diagnostic runs block the visit report, to tell its cost apart. (It once kept Lighthouse waiting
 * 45 s for network quiet, because its unread response body kept the request open; the page now
 * drains it.)
 */
const BEACON_PATTERN = `*${TRACK_VISIT_PATH}`;
/** Extra runs with the visit report blocked, to tell its cost apart (BENCH_DIAGNOSTIC_RUNS, default off). */
const DIAGNOSTIC_RUNS = Number(process.env.BENCH_DIAGNOSTIC_RUNS ?? 0);

interface Failure {
  step: string;
  error: string;
}

const failures: Failure[] = [];
const log = (message: string) => console.error(`[bench] ${message}`);

/** Runs one step; a crash is recorded (and fails the exit code) without stopping the other steps. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T | null> {
  const started = Date.now();
  log(`${name}…`);
  try {
    const value = await run();
    log(`${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push({ step: name, error: text });
    log(`${name} FAILED: ${text}`);
    return null;
  }
}

let portal: RunningServer | undefined;
let bare: BareServer | undefined;

async function stopAll(): Promise<void> {
  await Promise.allSettled([bare?.stop(), portal?.stop(), killLighthouseChrome()]);
  bare = undefined;
  portal = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers and browsers…`);
    void stopAll().finally(() => process.exit(130));
  });
}

async function loadTests(server: RunningServer) {
  // The exact bytes the portal sends, for the bare server to replay.
  const home = await capture(new URL('/', server.url).href, {
    method: 'GET',
    headers: { 'Accept-Encoding': 'br' },
    keepHeaders: ['Content-Type', 'Content-Encoding'],
  });
  const visit = await capture(new URL(TRACK_VISIT_PATH, server.url).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.255.255.254' },
    body: JSON.stringify(visitBody()),
    keepHeaders: ['Content-Type'],
  });
  if (home.status !== 200) throw new Error(`GET / answered ${home.status}, expected 200`);
  if (visit.status !== 201) throw new Error(`POST ${TRACK_VISIT_PATH} answered ${visit.status}: ${visit.body.toString()}`);

  bare = await startBareServer({ GET: home, POST: visit });
  const getHome: LoadRequest = { method: 'GET', path: '/', headers: { 'Accept-Encoding': 'br' } };
  const pairs: LoadPair[] = [];
  // One server at a time: portal, then bare, per test.
  if (runs('load')) {
    log(`  GET / on the portal`);
    const portalGet = await runLoad('portal', server.url, getHome);
    log(`  GET / on the bare server`);
    const bareGet = await runLoad('bare', bare.url, getHome);
    pairs.push({ name: 'GET /', portal: portalGet, bare: bareGet });
  }
  if (runs('load') || runs('track-visit')) {
    log(`  POST ${TRACK_VISIT_PATH} on the portal`);
    const portalPost = await runLoad('portal', server.url, trackVisitRequests());
    log(`  POST ${TRACK_VISIT_PATH} on the bare server`);
    const barePost = await runLoad('bare', bare.url, trackVisitRequests());
    pairs.push({ name: `POST ${TRACK_VISIT_PATH}`, portal: portalPost, bare: barePost });
  }
  await bare.stop();
  bare = undefined;
  const race = runs('appointments') ? await appointmentsLoad(server) : null;

  const describe = (r: { status: number; headers: Record<string, string>; body: Buffer }) => ({
    status: r.status,
    headers: r.headers,
    bodyBytes: r.body.length,
  });
  return { replayed: { get: describe(home), post: { ...describe(visit), body: visit.body.toString() } }, pairs, race };
}

/** Patients for the race and the hold load, registered before any load runs. */
const BOOKING_PATIENTS = 100;

/**
 * Booking: 100 patients hold one slot at once, and how long until all have their answer. The
 * booking calls under load are measured against their own SQL in the `ceiling` part.
 */
async function appointmentsLoad(server: RunningServer): Promise<RaceResult> {
  log(`  registering ${BOOKING_PATIENTS} patients and reading every doctor's free slots`);
  const tokens = await preparePatients(server, BOOKING_PATIENTS);
  const slots = await freeSlots(server);
  const raced = slots.pop();
  if (!raced) throw new Error('no free slot to book');
  log(`  ${BOOKING_PATIENTS} concurrent holds of one slot`);
  const race = await raceForOneSlot(server, tokens, raced);
  if (race.statusCodes['201'] !== 1) throw new Error(`the race answered ${JSON.stringify(race.statusCodes)}, expected one 201`);
  return race;
}

/** A patient and an invoice the hospital issued to them: the path of its public link (`/sr/invoice/<token>`). */
async function invoiceLinkPage(server: RunningServer): Promise<string> {
  const patient = { phone: '09350000002', ip: '10.255.255.252', firstName: 'سنجش', lastName: 'صورت‌حساب', internationalCode: nationalCode(424_243) };
  await registerPatient(server, patient);
  const { url } = await issueInvoice(server, { international_code: patient.internationalCode, phone_number: patient.phone }, [
    { title: 'ویزیت پرستار در منزل', quantity: 2, unit_price: 1_500_000, insurance_share: 900_000 },
    { title: 'پانسمان زخم', quantity: 1, unit_price: 450_000 },
  ]);
  return invoiceLinkPath(url);
}

/** A CBC filed for a new patient and shared: the path a doctor elsewhere opens (`/test-response/shared/<token>`). */
async function sharedResultPage(server: RunningServer): Promise<string> {
  const patient = { phone: '09350000003', ip: '10.255.255.251', firstName: 'سنجش', lastName: 'آزمایش', internationalCode: nationalCode(424_244) };
  const { token } = await registerPatient(server, patient);
  const { key } = await fileResult(server, cbcFiling({ international_code: patient.internationalCode, phone_number: patient.phone }));
  const shared = await fetch(new URL(`/api/test-results/${key}/share`, server.url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ hours: 24 }),
  });
  if (shared.status !== 201) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
  return ((await shared.json()) as { data: { url: string } }).data.url;
}

/** The opening hour on PGlite, then on a fresh database of BENCH_DATABASE_URL's server when set; a slot booked twice fails the step. */
async function openingHourRuns(): Promise<OpeningHourResult[]> {
  const results = [await benchOpeningHour({ log })];
  if (process.env.BENCH_DATABASE_URL) results.push(await benchOpeningHour({ adminUrl: process.env.BENCH_DATABASE_URL, log }));
  const twice = results.filter((result) => result.slotsBookedTwice > 0);
  if (twice.length > 0) failures.push({ step: 'booking opening hour', error: `a slot booked twice on ${twice.map((result) => result.database).join(', ')}` });
  return results;
}

function gitCommit(): string | null {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

async function main(): Promise<number> {
  const started = Date.now();
  let lighthouse: LighthouseResult[] | null = null;
  let lighthouseBeaconBlocked: LighthouseResult[] | null = null;
  let scripts: PageScripts[] | null = null;
  let load: Awaited<ReturnType<typeof loadTests>> | null = null;
  let queueStreams: QueueStreamsResult | null = null;
  let openingHour: OpeningHourResult[] | null = null;
  let sqlCeiling: CeilingResult | null = null;
  let serverLogTail: string[] = [];

  try {
    await step('build (if stale)', async () => buildIfStale(root));
    const server = await step('start portal', () => startServer({ env: PORTAL_ENV }));
    if (server) {
      portal = server;
      const invoiceLink = await step('an invoice to open by its public link', () => invoiceLinkPage(server));
      const sharedResult = await step('a test result to open by its share link', () => sharedResultPage(server));
      const urls = [...PAGES, ...(invoiceLink ? [invoiceLink] : []), ...(sharedResult ? [sharedResult] : [])].map((page) => new URL(page, server.url).href);
      if (runs('lighthouse'))
        lighthouse = await step(`lighthouse (${LIGHTHOUSE_RUNS} run(s) per page)`, async () => {
          const results: LighthouseResult[] = [];
          for (const url of urls) results.push(await runLighthouse(url, LIGHTHOUSE_RUNS));
          return results;
        });
      if (DIAGNOSTIC_RUNS > 0 && runs('lighthouse')) {
        lighthouseBeaconBlocked = await step(`lighthouse diagnostic, ${TRACK_VISIT_PATH} blocked (${DIAGNOSTIC_RUNS} runs per page)`, async () => {
          const results: LighthouseResult[] = [];
          for (const url of urls) results.push(await runLighthouse(url, DIAGNOSTIC_RUNS, [BEACON_PATTERN]));
          return results;
        });
      }
      if (runs('weight')) scripts = await step('scripts transferred', () => measurePageScripts(urls));
      if (runs('load') || runs('track-visit') || runs('appointments')) load = await step('load tests', () => loadTests(server));
      serverLogTail = server.output().trim().split('\n').slice(-30);
    }
    // On a portal of its own (the demo day), after the main one stopped: the figures are its alone.
    await stopAll();
    if (runs('queue')) queueStreams = await step('visit-day streams', () => benchQueueStreams());
    if (runs('ceiling')) sqlCeiling = await step('database endpoints against their SQL ceiling', () => benchSqlCeiling(log));
    if (runs('opening')) openingHour = await step('booking opening hour', () => openingHourRuns());
  } finally {
    await stopAll();
  }

  const seconds = (Date.now() - started) / 1000;
  const sections = [
    `Portal bench — ${new Date().toISOString()} — node ${process.version} — ${seconds.toFixed(0)} s`,
    '',
    `== Lighthouse (mobile, simulated throttling; ${LIGHTHOUSE_RUNS} run(s) per page, median performance run shown) ==`,
    lighthouse ? lighthouseSection(lighthouse) : runs('lighthouse') ? '(failed, see below)' : SKIPPED,
    '',
    ...(DIAGNOSTIC_RUNS > 0 && runs('lighthouse')
      ? [
          `== Lighthouse (mobile, simulated throttling; ${LIGHTHOUSE_RUNS} run(s) per page, median performance run shown) ==`,
          lighthouse ? lighthouseSection(lighthouse) : '(failed, see below)',
          '',
          ...(DIAGNOSTIC_RUNS > 0
            ? [
                `== Lighthouse diagnostic: same, but with ${TRACK_VISIT_PATH} blocked (${DIAGNOSTIC_RUNS} runs per page, median) ==`,
                lighthouseBeaconBlocked ? lighthouseSection(lighthouseBeaconBlocked) : '(failed, see below)',
                '',
              ]
            : []),
          '== JavaScript before interaction (375×812, load + 2 s network quiet; gzip -9 of each body) ==',
          scripts ? scriptsSection(scripts) : '(failed, see below)',
          '',
        ]
      : []),
    '== JavaScript transferred (375×812, fresh context, load + 2 s network quiet; transfer = compressed body + headers) ==',
    scripts ? scriptsSection(scripts) : runs('weight') ? '(failed, see below)' : SKIPPED,
    '',
    `== Load (autocannon: ${LOAD_SETTINGS.connections} connections, pipelining ${LOAD_SETTINGS.pipelining}, ` +
      `${LOAD_SETTINGS.warmupSeconds} s warm-up + ${LOAD_SETTINGS.durationSeconds} s; bare = node:http replaying the portal's bytes) ==`,
    load ? loadSection(load.pairs) : runs('load') || runs('track-visit') || runs('appointments') ? '(failed, see below)' : SKIPPED,
    '',
    '== Appointments: concurrent holds of one slot, by as many patients ==',
    load?.race
      ? `${load.race.holds} holds settled in ${load.race.settledMs} ms; answers ${Object.entries(load.race.statusCodes)
          .map(([code, count]) => `${code}×${count}`)
          .join(' ')}`
      : runs('appointments')
        ? '(failed, see below)'
        : SKIPPED,
    '',
    '== Visit day: idle board streams held by one process (PGlite, demo day), and a desk event reaching them all ==',
    queueStreams ? queueStreamsSection(queueStreams) : runs('queue') ? '(failed, see below)' : SKIPPED,
    '',
    `== Database endpoints against their SQL ceiling (the same statements replayed on the same database, ${LOAD_SETTINGS.connections} at once; goals: share ≥ 0.5, p99/p50 ≤ 5; gap: the longest time between two answers) ==`,
    sqlCeiling ? sqlCeilingSection(sqlCeiling) : runs('ceiling') ? '(failed, see below)' : SKIPPED,
    '',
    "== Booking opening hour: 1,000 patients, one doctor's 64 slots, arrivals over 60 s (hold, then pay from the wallet) ==",
    openingHour ? openingHourSection(openingHour) : runs('opening') ? '(failed, see below)' : SKIPPED,
  ];
  const loadTrouble = load?.pairs.some((pair) => pair.portal.non2xx + pair.portal.errors + pair.portal.timeouts > 0);
  if (loadTrouble) sections.push('', 'Portal log (last lines):', ...serverLogTail.map((line) => `  ${line}`));
  if (failures.length) {
    sections.push('', '== FAILED STEPS ==', ...failures.map((failure) => `${failure.step}:\n${failure.error}`));
  }
  console.log(sections.join('\n'));

  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    durationSeconds: seconds,
    node: process.version,
    commit: gitCommit(),
    settings: {
      only: ONLY.size > 0 ? [...ONLY] : null,
      pages: PAGES,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      lighthouseDiagnostic: { runs: DIAGNOSTIC_RUNS, blockedUrlPatterns: [BEACON_PATTERN] },
      load: LOAD_SETTINGS,
    },
    lighthouse,
    lighthouseBeaconBlocked,
    scripts,
    load,
    queueStreams,
    sqlCeiling,
    openingHour,
    serverLogTail,
    failures,
  };
  // A partial run does not overwrite the full report.
  const outFile = path.join(outDir, ONLY.size > 0 ? `latest-${[...ONLY].sort().join('-')}.json` : 'latest.json');
  writeFileSync(outFile, `${JSON.stringify(json, null, 2)}\n`);
  log(`wrote ${path.relative(root, outFile)}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    void stopAll().finally(() => process.exit(1));
  },
);
