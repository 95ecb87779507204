/**
 * `npm start`: builds when the build is missing or stale, applies migrations, and serves the
 * portal on PORT/HOST (default http://127.0.0.1:4321) on the embedded database or DATABASE_URL.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EnvError, env } from '../src/server/env.ts';
import { pruneLoginRecords } from '../src/server/auth/service.ts';
import { openConfiguredDatabase, provideDatabase } from '../src/server/db/index.ts';
import { createPortalServer, type AstroHandler } from '../src/server/web/server.ts';
import { buildIfStale } from './build-if-stale.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = env();
  if (process.env.PORTAL_SKIP_BUILD !== '1') buildIfStale(root);

  const database = await openConfiguredDatabase();
  provideDatabase(database);
  const prune = () => pruneLoginRecords(database.db, new Date()).catch((error: unknown) => console.error('Pruning old login records failed:', error));
  void prune();
  setInterval(prune, 60 * 60 * 1000).unref();

  const entry = (await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href)) as { handler: AstroHandler };
  const server = createPortalServer({
    clientDir: path.join(root, 'dist/client'),
    headersFile: path.join(root, 'dist/_headers.json'),
    astro: entry.handler,
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
    server.close();
    server.closeIdleConnections();
    database.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error('The portal could not start:', error);
  process.exit(1);
});
