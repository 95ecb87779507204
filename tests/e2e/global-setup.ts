import { startServer } from '../support/server.ts';

/** Starts the production build once for all end-to-end tests; returns its teardown. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.PORTAL_E2E_URL = server.url;
  return () => server.dispose();
}
