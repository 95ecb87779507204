import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { chunkGraph } from './chunk-graph.ts';
import { offlineBundles } from './offline-bundles.ts';

/** Scripts the shell needs offline: the toast renderer, which tells the patient the connection dropped. */
const OFFLINE_ENTRY_CHUNKS = [/^toast-host\.[\w-]+\.js$/];

function offlineScripts(clientDir: string): string[] {
  const assets = path.join(clientDir, '_astro');
  const entries = readdirSync(assets).filter((name) => OFFLINE_ENTRY_CHUNKS.some((pattern) => pattern.test(name)));
  if (entries.length !== OFFLINE_ENTRY_CHUNKS.length) throw new Error(`offline entry chunks not found in ${assets}`);
  return entries.flatMap((entry) => chunkGraph(assets, entry)).map((file) => `_astro/${file}`);
}

/**
 * Bundles src/sw/sw.ts into /sw.js and injects the precache manifest: the offline page, styles,
 * fonts, icons, the web manifest and the toast renderer. Other scripts and pages are cached at run
 * time, as they are used. The worker installs after the page has loaded, so precaching never
 * delays the first visit.
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
