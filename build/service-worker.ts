import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

/**
 * Bundles src/sw/sw.ts into /sw.js and injects the precache manifest: the offline page, styles,
 * fonts, icons and the web manifest. Scripts and pages are cached at run time, as they are used,
 * so the first visit downloads nothing it does not need.
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
    define: { __BUILD_ID__: JSON.stringify(buildId), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: swDest,
    swDest,
    globDirectory: clientDir,
    globPatterns: ['offline/index.html', '_astro/**/*.{css,woff2}', 'icons/*.{png,svg}', 'manifest.json'],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^_astro\//,
    maximumFileSizeToCacheInBytes: 512 * 1024,
  });
  for (const warning of warnings) console.warn(`[sw] ${warning}`);
  return { count, size };
}
