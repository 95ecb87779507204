import { startServer } from '../../tests/support/server.ts';
import { buildIfStale } from '../build-if-stale.ts';
import { measurePageScripts } from './page-weight.ts';
buildIfStale(process.cwd());
const s = await startServer({ env: { TRUST_PROXY: '1' } });
try {
  const r = await measurePageScripts([s.url + '/', s.url + '/no-such-page']);
  console.log(JSON.stringify(r, null, 1));
} finally { await s.stop(); }
