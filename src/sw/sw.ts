/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** Set at build (build/offline-bundles.ts): sections cached whole once one of their pages is opened. */
declare const __OFFLINE_BUNDLES__: Record<string, OfflineBundle>;

interface OfflineBundle {
  prefix: string;
  pages: string[];
  assets: string[];
  images: string[];
}

/** What the page asks once its worker is active (src/client/shell/service-worker.ts). */
export interface WarmRequest {
  type: 'warm';
  /** The page itself: it loaded before this worker controlled it, so nothing stored it yet. */
  url: string;
  /** The images it shows (doctors' photos), to show them offline too. */
  images: string[];
}

const OFFLINE_PAGE = '/offline/index.html';
const PAGES = 'pages';
const ASSETS = 'assets';
const IMAGES = 'images';

const sameOrigin = (url: URL) => url.origin === self.location.origin;
// Personal data, build checks, the bank round trip, an invoice's public link and a test result's
// share link (their addresses are secrets; the pages are no-store) always come from the network and
// are never stored: a stored receipt or bank page would show a payment's old state, a stored result
// would outlive its revoked link.
const NETWORK_ONLY = /^\/(api|builds|go-to-bank|return-bank|sandbox-bank)(\/|$)|^\/sr\/invoice\/[A-Za-z0-9_-]{22}$|^\/test-response\/shared\/[A-Za-z0-9_-]{22}$/;
const IMAGE_FILE = /^\/_astro\/[^/]+\.(?:webp|avif|png|jpe?g|gif|svg)$/;

// Optimised images (astro:assets) never change under the same hashed name either, but there are
// many: the ones seen are kept for a month, at most 200.
const images = new CacheFirst({
  cacheName: IMAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
});

/** Stores `urls` in `cacheName` unless stored already; resolves to whether all of them are stored. */
async function fill(cacheName: string, urls: string[]): Promise<boolean> {
  const cache = await caches.open(cacheName);
  let complete = true;
  for (const url of urls) {
    if (await cache.match(url, { ignoreVary: true })) continue;
    try {
      await cache.add(url);
    } catch {
      complete = false;
    }
  }
  return complete;
}

/** Stores images through their route, so that its expiration knows about them. */
async function fillImages(event: ExtendableEvent, urls: string[]): Promise<boolean> {
  const results = await Promise.allSettled(urls.map((url) => images.handle({ event, request: new Request(url) })));
  return results.every((result) => result.status === 'fulfilled');
}

/**
 * Stores a bundle's pages, scripts and images that are not stored yet: once per worker per bundle,
 * again on a later visit if some failed. Callers share the run in progress.
 */
const bundleJobs = new Map<string, Promise<void>>();
function cacheBundle(event: ExtendableEvent, name: string, bundle: OfflineBundle): Promise<void> {
  let job = bundleJobs.get(name);
  if (!job) {
    job = (async () => {
      const stored = [await fill(ASSETS, bundle.assets), await fillImages(event, bundle.images), await fill(PAGES, bundle.pages)];
      if (!stored.every(Boolean)) bundleJobs.delete(name);
    })().catch(() => void bundleJobs.delete(name));
    bundleJobs.set(name, job);
  }
  return job;
}

function bundlesOf(pathname: string): [string, OfflineBundle][] {
  return Object.entries(__OFFLINE_BUNDLES__).filter(([, bundle]) => pathname === bundle.prefix || pathname.startsWith(`${bundle.prefix}/`));
}

// Opening any page of a bundle (the pregnancy timeline) makes all of it readable offline. This
// listener only schedules work; the routes below answer the request.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  for (const [name, bundle] of bundlesOf(new URL(event.request.url).pathname)) event.waitUntil(cacheBundle(event, name, bundle));
});

// The first page a visitor opens loads before this worker exists, so none of the above saw it. Once
// the worker is active, the page sends its address and images: store them, and its bundle, then
// answer on the port the page gave (one visit is enough to read the timeline offline).
self.addEventListener('message', (event) => {
  const data = event.data as Partial<WarmRequest> | null;
  if (data?.type !== 'warm' || typeof data.url !== 'string') return;
  const page = new URL(data.url, self.location.href);
  if (!sameOrigin(page) || NETWORK_ONLY.test(page.pathname)) return;
  page.hash = '';
  const pictures = (Array.isArray(data.images) ? data.images : [])
    .map((src) => new URL(String(src), self.location.href))
    .filter((url) => sameOrigin(url) && IMAGE_FILE.test(url.pathname))
    .slice(0, 50)
    .map((url) => url.href);
  const work = Promise.all([fill(PAGES, [page.href]), fillImages(event, pictures), ...bundlesOf(page.pathname).map(([name, bundle]) => cacheBundle(event, name, bundle))]).finally(() =>
    event.ports[0]?.postMessage({ type: 'warmed' }),
  );
  event.waitUntil(work);
});

// A new worker takes over at once; the page reloads itself when that happens (src/client/shell/service-worker.ts).
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'index.html', cleanURLs: true });

registerRoute(({ url }) => url.origin === self.location.origin && NETWORK_ONLY.test(url.pathname), new NetworkOnly());

registerRoute(({ url }) => sameOrigin(url) && IMAGE_FILE.test(url.pathname), images);

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
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.add('/'))
      .catch(() => undefined),
  );
});
