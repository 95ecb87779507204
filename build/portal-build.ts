import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompress } from './precompress.ts';
import { buildServiceWorker } from './service-worker.ts';

/**
 * Finishes a build for `npm start`: writes /builds/latest.json, the service worker /sw.js with its
 * precache manifest, and a .br and .gz copy of every compressible static file.
 */
export function portalBuild({ buildId }: { buildId: string }): AstroIntegration {
  let clientDir = '';
  let root = '';
  return {
    name: 'patient-portal-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ logger }) => {
        const builds = path.join(clientDir, 'builds');
        await mkdir(builds, { recursive: true });
        await writeFile(path.join(builds, 'latest.json'), JSON.stringify({ id: buildId, built_at: new Date().toISOString() }));
        const precached = await buildServiceWorker({ root, clientDir, buildId });
        logger.info(`service worker: ${precached.count} files precached (${(precached.size / 1024).toFixed(1)} KiB)`);
        const compressed = await precompress(clientDir);
        logger.info(`precompressed ${compressed} files (brotli and gzip)`);
      },
    },
  };
}
