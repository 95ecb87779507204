import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { chunkGraph } from './chunk-graph.ts';
import { offlineBundles, pageScripts } from './offline-bundles.ts';

/**
 * The scripts offline needs: the offline page's own (the shell, which the page that installs the
 * worker has just loaded, so they come from the HTTP cache), and the plain renderer that tells the
 * patient the connection dropped on a page that has no React (src/client/toast-fallback.ts).
 * React and the React toast renderer are not among them: a visitor who never runs them never
 * downloads them.
 */
function offlineScripts(clientDir: string): string[] {
  const assets = path.join(clientDir, '_astro');
  const fallback = readdirSync(assets).filter((name) => /^toast-fallback\.[\w-]+\.js$/.test(name));
  if (fallback.length !== 1) throw new Error(`expected one toast-fallback chunk in ${assets}, found ${fallback.length}`);
  const shell = pageScripts(clientDir, readFileSync(path.join(clientDir, 'offline/index.html'), 'utf8')).map((url) => url.slice(1));
  return [...new Set([...shell, ...chunkGraph(assets, fallback[0]!).map((file) => `_astro/${file}`)])];
}

/**
 * Bundles src/sw/sw.ts into /sw.js and injects the precache manifest: the offline page and its
 * scripts, styles, fonts, icons, the web manifest and the plain offline notice. Other scripts and
 * pages are cached at run time, as they are used. The worker installs after the page has loaded,
 * so precaching never delays the first visit.
 */
export async function buildServiceWorker({ root, clientDir, buildId }: { root: string; clientDir: string; buildId: string }) {
  const swDest = path.join(clientDir, 'sw.js');
  await build({
    entryPoints: [path.join(root, 'src/sw/sw.ts')],
    outfile: swDest,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
      __OFFLINE_BUNDLES__: JSON.stringify(offlineBundles(clientDir)),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: swDest,
    swDest,
    globDirectory: clientDir,
    globPatterns: ['offline/index.html', '_astro/**/*.{css,woff2}', 'icons/*.{png,svg}', 'manifest.json', ...offlineScripts(clientDir)],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^_astro\//,
    maximumFileSizeToCacheInBytes: 512 * 1024,
  });
  for (const warning of warnings) console.warn(`[sw] ${warning}`);
  return { count, size };
}
