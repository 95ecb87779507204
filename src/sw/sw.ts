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
  scripts: string[];
  islands: Record<string, string[]>;
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
 * Runs a caching job once per worker per key (callers share the run in progress), and again on a
 * later visit if some of it failed (`work` resolves to what was stored, part by part).
 */
const jobs = new Map<string, Promise<void>>();
function once(key: string, work: () => Promise<boolean[]>): Promise<void> {
  let job = jobs.get(key);
  if (!job) {
    job = work()
      .then((stored) => {
        if (!stored.every(Boolean)) jobs.delete(key);
      })
      .catch(() => void jobs.delete(key));
    jobs.set(key, job);
  }
  return job;
}

/**
 * Stores a bundle's pages, the scripts they run as they load and their images. Islands' code is
 * not part of it (see cacheIslands).
 */
const cacheBundle = (event: ExtendableEvent, name: string, bundle: OfflineBundle) =>
  once(`bundle ${name}`, async () => [await fill(ASSETS, bundle.scripts), await fillImages(event, bundle.images), await fill(PAGES, bundle.pages)]);

/**
 * Stores the code of a bundle page's islands (the pregnancy calculator: React and the date picker),
 * so that they work offline. Only for a navigation this worker serves, i.e. from the second page a
 * visitor opens on the site, or a return: a visitor from search who reads one page never downloads
 * a framework that page does not run. The page loads it by itself once the patient uses an island.
 */
const cacheIslands = (pathname: string, bundle: OfflineBundle) => {
  const code = bundle.islands[pathname];
  return code ? once(`islands ${pathname}`, async () => [await fill(ASSETS, code)]) : Promise.resolve();
};

function bundlesOf(pathname: string): [string, OfflineBundle][] {
  return Object.entries(__OFFLINE_BUNDLES__).filter(([, bundle]) => pathname === bundle.prefix || pathname.startsWith(`${bundle.prefix}/`));
}

// Opening any page of a bundle (the pregnancy timeline) makes all of it readable offline, and a page
// with islands brings their code. This listener only schedules work; the routes below answer the request.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const { pathname } = new URL(event.request.url);
  for (const [name, bundle] of bundlesOf(pathname)) {
    event.waitUntil(cacheIslands(pathname.replace(/\/$/, '') || '/', bundle).then(() => cacheBundle(event, name, bundle)));
  }
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
