/**
 * JavaScript a visitor downloads before touching the page: loads each URL in a fresh mobile-sized
 * Chromium context, waits for `load` plus 2 s of network quiet, and sizes every script response
 * (raw, and gzip level 9 of the body as a transfer-size proxy).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Request, type Response } from 'playwright-core';
import { CHROMIUM_PATH } from './chrome.ts';

export interface ScriptFile {
  url: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Fetched by the service worker (e.g. precaching), not by the page itself. */
  fromServiceWorker: boolean;
}

export interface PageScripts {
  url: string;
  status: number;
  /** Scripts the page itself loaded: the budget figure. */
  count: number;
  rawBytes: number;
  gzipBytes: number;
  scripts: ScriptFile[];
  /** Scripts the service worker fetched while the page sat idle (not in the totals above). */
  serviceWorkerScripts: ScriptFile[];
  /** All responses of any type seen before interaction, for context. */
  allResponses: number;
  /** False when the network never went quiet for 2 s within the time limit. */
  reachedIdle: boolean;
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
    let inflight = 0;
    let lastActivity = Date.now();
    const touch = (delta: number) => {
      inflight += delta;
      lastActivity = Date.now();
    };
    const settled = (_request: Request) => touch(-1);
    context.on('request', () => touch(1));
    context.on('requestfinished', settled);
    context.on('requestfailed', settled);

    const pending: Promise<ScriptFile | null>[] = [];
    let allResponses = 0;
    context.on('response', (response: Response) => {
      allResponses++;
      if (response.request().resourceType() === 'script') pending.push(sizeScript(response));
    });

    const page = await context.newPage();
    const main = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    const started = Date.now();
    let reachedIdle = false;
    while (Date.now() - started < IDLE_LIMIT_MS) {
      if (inflight <= 0 && Date.now() - lastActivity >= QUIET_MS) {
        reachedIdle = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
    const scripts = files.filter((file) => !file.fromServiceWorker);
    return {
      url,
      status: main?.status() ?? 0,
      count: scripts.length,
      rawBytes: sum(scripts.map((file) => file.rawBytes)),
      gzipBytes: sum(scripts.map((file) => file.gzipBytes)),
      scripts,
      serviceWorkerScripts: files.filter((file) => file.fromServiceWorker),
      allResponses,
      reachedIdle,
    };
  } finally {
    await context.close();
  }
}

async function sizeScript(response: Response): Promise<ScriptFile | null> {
  const fromServiceWorker = response.request().serviceWorker() !== null;
  try {
    const body = await response.body();
    return {
      url: response.url(),
      status: response.status(),
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      fromServiceWorker,
    };
  } catch {
    // Redirects and aborted loads have no body.
    return null;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
