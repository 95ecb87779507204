import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the production build once for all end-to-end tests; returns its teardown. TRUST_PROXY
 * lets each test present its own client address (X-Forwarded-For), so per-address limits of one
 * test never leak into another. The teardown checks the ledger the tests wrote with
 * `npm run hospital -- ledger-check` (on the database itself, once the portal has stopped) and fails
 * the run when it is not consistent. SERVICE_REQUEST_DAILY_LIMIT is raised for the list spec, which
 * files eleven requests with one account to see two pages. CHECKIN_OPEN_MINUTES opens check-in all
 * day, so the visit-day spec can check in whatever the hour the run starts.
 */
export default async function globalSetup() {
  const server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '1', SERVICE_REQUEST_DAILY_LIMIT: '20', CHECKIN_OPEN_MINUTES: '1440' } });
  process.env.PORTAL_E2E_URL = server.url;
  process.env.PORTAL_E2E_DATA_DIR = server.dataDir;
  return async () => {
    try {
      await server.stop();
      const check = spawnSync(process.execPath, ['scripts/hospital.ts', 'ledger-check'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: server.dataDir, PORTAL_URL: server.url, DATABASE_URL: '' },
      });
      console.log(`ledger-check after the end-to-end tests:\n${check.stdout}${check.stderr}`);
      if (check.status !== 0) throw new Error(`ledger-check failed after the end-to-end tests (exit ${check.status})`);
    } finally {
      await server.dispose();
    }
  };
}
