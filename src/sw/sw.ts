/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** Set at build (build/offline-bundles.ts): sections cached whole once one of their pages is opened. */
declare const __OFFLINE_BUNDLES__: Record<string, { prefix: string; pages: string[]; assets: string[] }>;

const OFFLINE_PAGE = '/offline/index.html';
const PAGES = 'pages';
const ASSETS = 'assets';

/** Stores a bundle's pages and scripts that are not stored yet; once per worker per bundle. */
const bundlesDone = new Set<string>();
async function cacheBundle(name: string, bundle: { pages: string[]; assets: string[] }): Promise<void> {
  if (bundlesDone.has(name)) return;
  bundlesDone.add(name);
  const fill = async (cacheName: string, urls: string[]) => {
    const cache = await caches.open(cacheName);
    for (const url of urls) {
      if (await cache.match(url, { ignoreVary: true })) continue;
      try {
        await cache.add(url);
      } catch {
        bundlesDone.delete(name); // Try again on the next visit.
      }
    }
  };
  await fill(ASSETS, bundle.assets);
  await fill(PAGES, bundle.pages);
}

// Opening any page of a bundle (the pregnancy timeline) makes all of it readable offline. This
// listener only schedules work; the routes below answer the request.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const { pathname } = new URL(event.request.url);
  for (const [name, bundle] of Object.entries(__OFFLINE_BUNDLES__)) {
    if (pathname === bundle.prefix || pathname.startsWith(`${bundle.prefix}/`)) event.waitUntil(cacheBundle(name, bundle));
  }
});

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
  new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 365 * 24 * 3600 })] }),
);

// Pages: fresh when the network answers, the last copy when it does not.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 5,
    // Pages vary by Accept-Encoding; a stored copy serves any request for its URL.
    matchOptions: { ignoreVary: true },
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
  event.waitUntil(caches.open(PAGES).then((cache) => cache.add('/')).catch(() => undefined));
});
