/**
 * `npm run build`: the production build (pages, `sw.js`, precompressed copies) into dist/, and the
 * stamp that tells `npm start` and `npm test` this build matches the sources, so they do not build again.
 */
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.ts';

buildIfStale(fileURLToPath(new URL('..', import.meta.url)), { force: true });
