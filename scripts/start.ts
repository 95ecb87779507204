/**
 * `npm start`: builds when the build is missing or stale, applies migrations, and serves the
 * portal on PORT/HOST (default http://127.0.0.1:4321) on the embedded database or DATABASE_URL.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bookingContext } from '../src/server/appointments/default-context.ts';
import { setUpBookingJobs } from '../src/server/appointments/jobs.ts';
import { pruneLoginRecords } from '../src/server/auth/service.ts';
import { provideCatalogue, readCatalogue } from '../src/server/catalogue/index.ts';
import { openConfiguredDatabase, provideDatabase } from '../src/server/db/index.ts';
import { keepDemoDays } from '../src/server/demo/daily.ts';
import { DEMO_PATIENT, seedDemo } from '../src/server/demo/seed.ts';
import { EnvError, env } from '../src/server/env.ts';
import { setUpInvoiceJobs } from '../src/server/invoices/jobs.ts';
import { runDueJobs } from '../src/server/jobs/runner.ts';
import { logError } from '../src/server/log.ts';
import { activeGateway } from '../src/server/payments/active-gateway.ts';
import { setUpPaymentJobs } from '../src/server/payments/jobs.ts';
import { provideLabTests, readLabTests } from '../src/server/test-results/explanations.ts';
import { setUpWaitlistJobs } from '../src/server/waitlist/jobs.ts';
import '../src/server/effects.ts';
import { auditHospitalRequest } from '../src/server/hospital/audit.ts';
import { pruneHospitalRecords } from '../src/server/hospital/endpoint.ts';
import { hospitalKeys } from '../src/server/hospital/keys.ts';
import { pruneLimitEvents } from '../src/server/limits/service.ts';
import { closeQueueStreams } from '../src/server/queue/stream.ts';
import { appSecret } from '../src/server/secret.ts';
import { pruneClaims } from '../src/server/test-results/claim.ts';
import { closeVisitBuffer } from '../src/server/visits/buffer.ts';
import { type AstroHandler, createPortalServer } from '../src/server/web/server.ts';
import { buildIfStale } from './build-if-stale.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** How often this process looks for due jobs. */
const JOB_TICK_MS = 5000;

async function main(): Promise<void> {
  const config = env();
  // Read or create the HMAC key now: a data directory that cannot hold it stops the start, not a login.
  appSecret();
  // The same for the hospital API keys: a malformed HOSPITAL_API_KEYS entry stops the start, and
  // the local CLI key ($DATA_DIR/hospital-cli-key) exists before `npm run hospital` looks for it.
  hospitalKeys();
  if (process.env.PORTAL_SKIP_BUILD !== '1') buildIfStale(root);

  // A broken catalogue entry (or lab-test explanation) stops the start with the file's name, not the first booking.
  provideCatalogue(readCatalogue(path.join(root, 'src/content')));
  provideLabTests(readLabTests(path.join(root, 'src/content/lab-tests')));
  const database = await openConfiguredDatabase();
  provideDatabase(database);
  const demo = config.DEMO_DATA === '1' || (config.DEMO_DATA === 'auto' && database.dialect === 'pglite' && config.NODE_ENV !== 'production');
  if (demo && (await seedDemo(database.db, { now: new Date() }))) {
    console.log(`Demo patient added: log in with ${DEMO_PATIENT.phoneNumber}; the code is in ${config.SMS_OUTBOX_FILE} (README «Demo data»).`);
  }
  if (demo) await keepDemoDays(database.db);
  const prune = () =>
    Promise.all([
      pruneLoginRecords(database.db, new Date()),
      pruneHospitalRecords(database.db, new Date()),
      pruneLimitEvents(database.db, new Date()),
      pruneClaims(database.db, new Date()),
    ]).catch((error: unknown) => logError('Pruning old login records failed', error));
  void prune();
  setInterval(prune, 60 * 60 * 1000).unref();
  // The durable job runner: reminders, the payment sweeper (payments left at the bank are
  // verified after a few minutes, then expire) and the release of lapsed holds. Every process runs
  // one; the database hands each due job to one of them.
  await setUpPaymentJobs(database.db, activeGateway, new Date());
  await setUpBookingJobs(database.db, { context: bookingContext, now: new Date() });
  await setUpWaitlistJobs(database.db, { context: bookingContext, now: new Date() });
  await setUpInvoiceJobs(database.db, new Date());
  let running = false;
  const runJobs = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs(database.db, new Date());
    } catch (error) {
      logError('Running due jobs failed', error);
    } finally {
      running = false;
    }
  };
  setInterval(() => void runJobs(), JOB_TICK_MS).unref();

  // Audit rows of hospital requests are written as their answers are sent: a stop waits for them.
  const auditsWriting = new Set<Promise<void>>();
  const entry = (await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href)) as { handler: AstroHandler };
  const server = createPortalServer({
    clientDir: path.join(root, 'dist/client'),
    headersFile: path.join(root, 'dist/_headers.json'),
    astro: entry.handler,
    siteUrl: config.PUBLIC_SITE_URL,
    auditHospital: (req, status) => {
      const writing = auditHospitalRequest(database.db, req, status, new Date()).finally(() => auditsWriting.delete(writing));
      auditsWriting.add(writing);
    },
  });

  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const where = database.dialect === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${path.resolve(config.DATA_DIR)}`;
    console.log(`Patient portal listening on http://${config.HOST}:${port} (database: ${where})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing…`);
    // Live queue streams never go idle: end them (browsers reconnect to another process).
    const streamsClosed = closeQueueStreams().catch((error: unknown) => logError('Closing the live queue streams failed', error));
    const idle = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Visits wait in memory for a batched write (decision 008): let running requests finish
    // (for a second at most), then finish the hospital audit rows and write the visits before the
    // database closes.
    Promise.race([idle, new Promise((resolve) => setTimeout(resolve, 1000))])
      .then(() => Promise.allSettled([...auditsWriting, streamsClosed]))
      .then(() => closeVisitBuffer())
      .catch((error: unknown) => console.error('Writing the last visits failed:', error))
      .finally(() => database.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else logError('The portal could not start', error);
  process.exit(1);
});
