import { startServer } from '../support/server.ts';

/**
 * Starts the production build once for all end-to-end tests; returns its teardown. TRUST_PROXY
 * lets each test present its own client address (X-Forwarded-For), so per-address limits of one
 * test never leak into another.
 */
export default async function globalSetup() {
  const server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '1' } });
  process.env.PORTAL_E2E_URL = server.url;
  process.env.PORTAL_E2E_DATA_DIR = server.dataDir;
  return () => server.dispose();
}
