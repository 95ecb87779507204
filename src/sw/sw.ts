/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OFFLINE_PAGE = '/offline/index.html';

// A new worker takes over at once; the page reloads itself when that happens (src/shell/service-worker.ts).
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'index.html', cleanURLs: true });

// Personal data and build checks always come from the network.
registerRoute(({ url }) => url.origin === self.location.origin && (url.pathname.startsWith('/api/') || url.pathname.startsWith('/builds/')), new NetworkOnly());

// Hashed scripts and styles never change under the same name.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 365 * 24 * 3600 })] }),
);

// Pages: fresh when the network answers, the last copy when it does not.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 300 })],
  }),
);

// A page never visited while online gets the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline) return offline;
  }
  return Response.error();
});

// Keeps the home page available offline from the first visit on.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open('pages').then((cache) => cache.add('/')).catch(() => undefined));
});
