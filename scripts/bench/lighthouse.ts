/**
 * Lighthouse's default mobile run (Moto G Power emulation, simulated slow-4G throttling) on the
 * system Chromium, a fresh browser per run. With several runs, the run with the median
 * performance score is the one reported.
 */
import { createRequire } from 'node:module';
import type * as ChromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './chrome.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  /** null when the audit itself errored. */
  score: number | null;
  displayValue?: string;
  /** The first few failing items (selectors, URLs…), when the audit lists any. */
  items: string[];
}

export interface LighthouseResult {
  url: string;
  /** Status code Lighthouse saw for the main document. */
  statusCode: number | null;
  /** The URL the page ended on, when it differs from `url` (a redirect, or a navigation by script). */
  finalUrl: string | null;
  /** Why Lighthouse could not score the page, if it could not. */
  runtimeError: string | null;
  /** Scores 0–100 of the reported (median-performance) run; null when Lighthouse could not score. */
  scores: Record<Category, number | null>;
  /** Performance score of every run, in run order. */
  performanceRuns: (number | null)[];
  metrics: Record<keyof typeof METRICS, string | null>;
  /** Audits scoring below 0.9 in the reported run (informative and manual audits excluded). */
  failingAudits: FailingAudit[];
  runWarnings: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function loadChromeLauncher(): Promise<typeof ChromeLauncher> {
  try {
    return await import('chrome-launcher');
  } catch {
    // Not hoisted to the project root: take lighthouse's own copy.
    const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
    return (await import(fromLighthouse.resolve('chrome-launcher'))) as typeof ChromeLauncher;
  }
}

/** One Lighthouse run in its own Chromium; always kills that Chromium. */
async function runOnce(url: string, blockedUrlPatterns: string[]): Promise<Lhr> {
  const chromeLauncher = await loadChromeLauncher();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      // Score the 404 page too (by default Lighthouse refuses a 4xx/5xx document outright).
      ignoreStatusCode: true,
      ...(blockedUrlPatterns.length ? { blockedUrlPatterns } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Kills any Chromium a Lighthouse run left behind (for signal handlers). */
export async function killLighthouseChrome(): Promise<void> {
  (await loadChromeLauncher()).killAll();
}

/**
 * Lighthouse sometimes loses its own trace of a load (NO_NAVSTART) and scores nothing; a page's
 * row would then be empty for a reason that is not the page's. Such a run is tried again, at most
 * this many times; a run that fails every time is reported as it is.
 */
const RETRIES_OF_AN_UNSCORED_RUN = 2;

/** `blockedUrlPatterns`: requests Chromium refuses during the run (for diagnostics only). */
export async function runLighthouse(url: string, runs = 1, blockedUrlPatterns: string[] = []): Promise<LighthouseResult> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    let lhr = await runOnce(url, blockedUrlPatterns);
    for (let retry = 0; lhr.runtimeError && retry < RETRIES_OF_AN_UNSCORED_RUN; retry++) lhr = await runOnce(url, blockedUrlPatterns);
    lhrs.push(lhr);
  }
  const performanceRuns = lhrs.map((lhr) => toPercent(lhr.categories.performance?.score));
  // Median by performance score (unscored runs sort last).
  const ranked = lhrs.map((lhr, index) => ({ lhr, score: performanceRuns[index] ?? -1 })).sort((a, b) => a.score - b.score);
  const median = ranked[Math.floor((ranked.length - 1) / 2)]?.lhr;
  if (!median) throw new Error(`no Lighthouse run for ${url}`);
  return summarize(url, median, performanceRuns);
}

function summarize(url: string, lhr: Lhr, performanceRuns: (number | null)[]): LighthouseResult {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, toPercent(lhr.categories[category]?.score)])) as Record<Category, number | null>;
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.displayValue ?? null])) as Record<keyof typeof METRICS, string | null>;

  const failingAudits: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const errored = audit.scoreDisplayMode === 'error';
      if (!errored && (audit.score === null || audit.score >= 0.9)) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: errored ? [`audit error: ${audit.errorMessage ?? 'unknown'}`] : describeItems(audit.details),
      });
    }
  }
  return {
    url,
    statusCode: mainDocumentStatus(lhr),
    finalUrl: lhr.finalDisplayedUrl !== url ? lhr.finalDisplayedUrl : null,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    scores,
    performanceRuns,
    metrics,
    failingAudits,
    runWarnings: (lhr.runWarnings ?? []).map(String),
  };
}

function mainDocumentStatus(lhr: Lhr): number | null {
  const requests = lhr.audits['network-requests']?.details;
  if (requests?.type !== 'table') return null;
  const first = requests.items.find((item) => item.resourceType === 'Document');
  return typeof first?.statusCode === 'number' ? first.statusCode : null;
}

/** A short, readable trace of what an audit flagged: elements, URLs, console or parse errors. */
function describeItems(details: Lhr['audits'][string]['details']): string[] {
  if (details?.type === 'list') return describeNetworkTree(details.items);
  if (details?.type === 'checklist') {
    // e.g. document latency: { noRedirects: {label, value}, usesCompression: {label, value}, … }
    return Object.values(details.items as Record<string, { label?: unknown; value?: unknown }>)
      .filter((check) => check.value === false)
      .map((check) => `failed check: ${String(check.label)}`);
  }
  if (!details || (details.type !== 'table' && details.type !== 'opportunity')) return [];
  const out: string[] = [];
  for (const item of details.items.slice(0, 5) as Record<string, unknown>[]) {
    // Elements come as `node`, or as `source` (e.g. the meta tag or header that blocks indexing).
    const node = (item.node ?? (typeof item.source === 'object' ? item.source : undefined)) as { selector?: string; snippet?: string; explanation?: string } | undefined;
    if (node?.snippet || node?.selector) {
      out.push([node.selector, node.snippet, node.explanation?.split('\n')[0]].filter(Boolean).join(' — '));
    } else if (typeof item.message === 'string') {
      out.push(typeof item.line === 'string' ? `${item.message}: ${item.line}` : item.message);
    } else if (typeof item.description === 'string') {
      out.push(typeof item.url === 'string' && item.url ? `${item.description} (${item.url})` : item.description);
    } else if (typeof item.source === 'string') {
      out.push(item.source);
    } else if (typeof item.reason === 'string') {
      out.push(typeof item.failureType === 'string' ? `${item.reason} (${item.failureType})` : item.reason);
    } else if (typeof item.url === 'string') {
      out.push(item.url);
    } else if (typeof item.label === 'string') {
      out.push(item.label);
    }
  }
  return out;
}

interface TreeNode {
  url: string;
  navStartToEndTime: number;
  isLongest?: boolean;
  children?: Record<string, TreeNode>;
}

/** The network dependency tree insight: its longest chain of requests, end to end. */
function describeNetworkTree(sections: unknown[]): string[] {
  for (const section of sections as { value?: { type?: string; chains?: Record<string, TreeNode>; longestChain?: { duration: number } } }[]) {
    const tree = section.value;
    if (tree?.type !== 'network-tree' || !tree.chains) continue;
    const hops: string[] = [];
    let level: Record<string, TreeNode> | undefined = tree.chains;
    while (level) {
      const nodes: TreeNode[] = Object.values(level);
      const next: TreeNode | undefined = nodes.find((node) => node.isLongest) ?? nodes[0];
      if (!next) break;
      hops.push(`${new URL(next.url).pathname} (${next.navStartToEndTime} ms)`);
      level = next.children && Object.keys(next.children).length ? next.children : undefined;
    }
    return [`longest chain ${tree.longestChain?.duration ?? '?'} ms: ${hops.join(' → ')}`];
  }
  return [];
}

function toPercent(score: number | null | undefined): number | null {
  return typeof score === 'number' ? Math.round(score * 100) : null;
}
