/**
 * JavaScript a visitor's browser transfers for a page, as DevTools and Lighthouse count it: loads
 * each URL in a fresh mobile-sized Chromium context, waits for `load` plus 2 s of network quiet,
 * and sums every script response the page itself fetched — before and after `load`, the
 * interaction directive's and dynamic imports included — at its transfer size (compressed body plus
 * response headers, as the server sent it to Chromium). What the service worker fetches on its own
 * (sw.js, precaching, the offline warm-up) is listed apart: it does not delay the page. A script
 * the page loads through its worker counts as the page's.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Request, type Response } from 'playwright-core';
import { CHROMIUM_PATH } from './chrome.ts';

export interface ScriptFile {
  url: string;
  status: number;
  /** Decoded body. */
  rawBytes: number;
  /** gzip level 9 of the body: comparable across servers and encodings. */
  gzipBytes: number;
  /** What crossed the network: the encoded body plus the response headers (0 when served from a cache). */
  transferBytes: number;
  /** Content-Encoding as served (br, gzip, or none). */
  encoding: string;
  /** Requested after the page's `load` event (lazy imports, the warm-up, …). */
  afterLoad: boolean;
  /** Fetched by the service worker (its own script, or precaching), not by the page itself. */
  fromServiceWorker: boolean;
  /** A page request the service worker answered (its own fetch, or its cache). */
  servedByWorker: boolean;
}

export interface PageScripts {
  url: string;
  status: number;
  /** Scripts the page itself loaded until the network went quiet. */
  count: number;
  rawBytes: number;
  gzipBytes: number;
  /** Their transfer size, as the browser counts it: the budget figure. */
  transferBytes: number;
  scripts: ScriptFile[];
  /** JavaScript the service worker fetched (sw.js, precaching) while the page sat idle; not in the totals above. */
  serviceWorkerScripts: ScriptFile[];
  /** All responses of any type seen before interaction, for context. */
  allResponses: number;
  /** Inline <script> elements in the document (bytes are part of the HTML, not in the totals). */
  inlineScripts: { count: number; rawBytes: number; gzipBytes: number };
  /** False when the network never went quiet for 2 s within the time limit. */
  reachedIdle: boolean;
  /** Where the page navigated by itself before going quiet (measurement stopped there), if it did. */
  navigatedTo: string | null;
}

const QUIET_MS = 2000;
const IDLE_LIMIT_MS = 20_000;

export async function measurePageScripts(urls: string[]): Promise<PageScripts[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const results: PageScripts[] = [];
    for (const url of urls) results.push(await measureOne(browser, url));
    return results;
  } finally {
    await browser.close();
  }
}

async function measureOne(browser: Browser, url: string): Promise<PageScripts> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    // A request counts as in flight until its response headers arrive (keepalive fetches, such as
    // the page's own track-visit beacon, never report "finished" to DevTools).
    const inflight = new Set<Request>();
    let lastActivity = Date.now();
    const settle = (request: Request) => {
      inflight.delete(request);
      lastActivity = Date.now();
    };
    let collecting = true;
    let loaded = false;
    const startedAfterLoad = new WeakSet<Request>();
    const pending: Promise<ScriptFile | null>[] = [];
    let allResponses = 0;
    context.on('request', (request) => {
      if (!collecting) return;
      inflight.add(request);
      if (loaded) startedAfterLoad.add(request);
      lastActivity = Date.now();
    });
    context.on('requestfinished', settle);
    context.on('requestfailed', settle);
    context.on('response', (response: Response) => {
      settle(response.request());
      if (!collecting) return;
      allResponses++;
      if (isScript(response)) pending.push(sizeScript(response, startedAfterLoad.has(response.request())));
    });

    const page = await context.newPage();
    page.once('load', () => (loaded = true));
    const main = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    // Stop at the first navigation the page starts by itself (e.g. a redirect timer).
    let navigatedTo: string | null = null;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && navigatedTo === null) navigatedTo = frame.url();
    });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && navigatedTo === null) {
        navigatedTo = request.url();
      }
    });
    const started = Date.now();
    let reachedIdle = false;
    while (Date.now() - started < IDLE_LIMIT_MS && navigatedTo === null) {
      if (inflight.size === 0 && Date.now() - lastActivity >= QUIET_MS) {
        reachedIdle = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    collecting = false;
    const inline = navigatedTo === null ? await inlineScripts(page) : { count: 0, rawBytes: 0, gzipBytes: 0 };

    const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
    // A script the page asked for once the worker controlled it arrives through the worker's own
    // fetch: its bytes are the page's (it runs them), not a background download of the worker.
    const passedOn = new Set(files.filter((file) => !file.fromServiceWorker && file.servedByWorker).map((file) => file.url));
    const workerFetch = new Map(files.filter((file) => file.fromServiceWorker && passedOn.has(file.url)).map((file) => [file.url, file]));
    const scripts = files
      .filter((file) => !file.fromServiceWorker)
      .map((file) => (file.servedByWorker && workerFetch.has(file.url) ? { ...file, transferBytes: workerFetch.get(file.url)!.transferBytes } : file));
    return {
      url,
      status: main?.status() ?? 0,
      count: scripts.length,
      rawBytes: sum(scripts.map((file) => file.rawBytes)),
      gzipBytes: sum(scripts.map((file) => file.gzipBytes)),
      transferBytes: sum(scripts.map((file) => file.transferBytes)),
      scripts,
      serviceWorkerScripts: files.filter((file) => file.fromServiceWorker && !passedOn.has(file.url)),
      inlineScripts: inline,
      allResponses,
      reachedIdle,
      navigatedTo,
    };
  } finally {
    await context.close();
  }
}

async function inlineScripts(page: Page): Promise<PageScripts['inlineScripts']> {
  // Executable ones only: no type, a JavaScript type, or a module (not JSON-LD, import maps…).
  const texts = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement>('script:not([src])'))
      .filter((script) => !script.type || script.type === 'module' || /javascript/i.test(script.type))
      .map((script) => script.textContent ?? ''),
  );
  const body = Buffer.from(texts.join('\n'));
  return { count: texts.length, rawBytes: body.length, gzipBytes: texts.length ? gzipSync(body, { level: 9 }).length : 0 };
}

/**
 * Script loads of the page, plus JavaScript the service worker fetches (its own script, and
 * precaching, which shows up as `fetch` requests).
 */
function isScript(response: Response): boolean {
  const request = response.request();
  if (request.resourceType() === 'script') return true;
  return request.serviceWorker() !== null && /javascript/i.test(response.headers()['content-type'] ?? '');
}

async function sizeScript(response: Response, afterLoad: boolean): Promise<ScriptFile | null> {
  const request = response.request();
  const fromServiceWorker = request.serviceWorker() !== null;
  try {
    const body = await response.body();
    // Chromium's own count of the bytes received (0 for a memory- or service-worker-cache hit).
    const sizes = await request.sizes();
    // Chromium reports no body size for the worker's own script, which always comes from the
    // network on a first visit: its encoded length is in Content-Length.
    const workerScript = fromServiceWorker && request.resourceType() === 'script' && sizes.responseBodySize === 0;
    const bodyBytes = workerScript ? Number((await response.headerValue('content-length')) ?? 0) : sizes.responseBodySize;
    const cached = response.fromServiceWorker() || bodyBytes === 0;
    return {
      url: response.url(),
      status: response.status(),
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      transferBytes: cached ? 0 : bodyBytes + sizes.responseHeadersSize,
      encoding: (await response.headerValue('content-encoding')) ?? 'none',
      afterLoad,
      fromServiceWorker,
      servedByWorker: response.fromServiceWorker(),
    };
  } catch {
    // Redirects and aborted loads have no body.
    return null;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
