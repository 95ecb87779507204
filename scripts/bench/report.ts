/** Plain-text tables for the bench report. */
import type { LighthouseResult } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { PageScripts } from './page-weight.ts';

/** DESIGN.md §6: JS the service worker fetches in the background on a first visit (its script, precache, warm-up), as transferred. */
export const SW_JS_BUDGET_KB = 15;
export const JS_BUDGET_KB = 10;
/** DESIGN.md §6: public pages ≤ 10 KB of compressed JS as transferred; pages with islands ≤ 80 KB. */
export const ISLAND_PAGE_BUDGET_KB = 80;
// The request pages, the patient's invoices and one invoice, and the patient's test results have
// islands; an invoice's public link (/sr/invoice/<token>) and a shared result are public pages.
const ISLAND_PAGES = /^\/(?:(?:patient-profile|financial|appointment\/pre-reserve|sr\/request)(?:\/|$)|sr\/invoice(?:\/show\/[^/]+)?$|test-response\/give-response$)/;

export function budgetKb(url: string): number {
  return ISLAND_PAGES.test(new URL(url).pathname) ? ISLAND_PAGE_BUDGET_KB : JS_BUDGET_KB;
}

type Cell = string | number | null | undefined;

/** A left-aligned first column and right-aligned others, with a rule under the header. */
export function table(headers: string[], rows: Cell[][]): string {
  const text = [headers, ...rows].map((row) => row.map((cell) => (cell === null || cell === undefined ? '—' : String(cell))));
  const widths = headers.map((_, column) => Math.max(...text.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const [head, ...body] = text;
  return [line(head ?? []), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const pathOf = (url: string) => new URL(url).pathname;
const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ratio = (a: number, b: number) => (b > 0 ? fixed(a / b, 2) : null);

export function lighthouseSection(results: LighthouseResult[]): string {
  const scores = table(
    ['page', 'status', 'final page', 'performance', 'accessibility', 'best-practices', 'seo', 'perf runs', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'],
    results.map((r) => [
      pathOf(r.url),
      r.statusCode,
      r.finalUrl ? pathOf(r.finalUrl) : 'same',
      r.scores.performance,
      r.scores.accessibility,
      r.scores['best-practices'],
      r.scores.seo,
      r.performanceRuns.map((score) => score ?? '?').join('/'),
      r.metrics.fcp,
      r.metrics.lcp,
      r.metrics.tbt,
      r.metrics.cls,
      r.metrics.si,
    ]),
  );
  const notes: string[] = [];
  for (const r of results) {
    for (const audit of r.failingAudits) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      notes.push(`  ${pathOf(r.url)}  [${audit.category}] ${audit.id} score ${audit.score}${value}: ${audit.title}`);
      for (const item of audit.items) notes.push(`      · ${item}`);
    }
    for (const warning of r.runWarnings) notes.push(`  ${pathOf(r.url)}  run warning: ${warning}`);
    if (r.finalUrl) notes.push(`  ${pathOf(r.url)}  NOTE: Lighthouse ended on ${r.finalUrl}, so these scores are partly that page's.`);
    if (r.runtimeError) notes.push(`  ${pathOf(r.url)}  NOT SCORED: ${r.runtimeError}`);
  }
  return [scores, notes.length ? `\nAudits below 0.9, and run warnings:\n${notes.join('\n')}` : ''].join('\n');
}

const swBytes = (r: PageScripts) => r.serviceWorkerScripts.reduce((total, file) => total + file.transferBytes, 0);

/** Per page: the scripts it loaded before interaction against its budget, and beside them what its service worker fetched. */
export function scriptsSection(results: PageScripts[]): string {
  const totals = table(
    ['page', 'status', 'scripts', 'transfer KB', 'budget', 'gzip -9 KB', 'raw KB', 'inline (n / gzip KB)', 'SW-fetched JS (n / transfer KB)', 'SW budget'],
    results.map((r) => [
      pathOf(r.url),
      r.status,
      r.count,
      kb(r.transferBytes),
      `${r.transferBytes <= budgetKb(r.url) * 1024 ? 'ok' : 'OVER'} (${budgetKb(r.url)} KB)`,
      kb(r.gzipBytes),
      kb(r.rawBytes),
      `${r.inlineScripts.count} / ${kb(r.inlineScripts.gzipBytes)}`,
      `${r.serviceWorkerScripts.length} / ${kb(swBytes(r))}`,
      `${swBytes(r) <= SW_JS_BUDGET_KB * 1024 ? 'ok' : 'OVER'} (${SW_JS_BUDGET_KB} KB)`,
    ]),
  );
  const files = table(
    ['page', 'script', 'when', 'encoding', 'transfer KB', 'gzip -9 KB', 'raw KB'],
    results.flatMap((r) =>
      [...r.scripts, ...r.serviceWorkerScripts].map((file) => [
        pathOf(r.url),
        new URL(file.url).pathname,
        file.fromServiceWorker ? 'service worker' : file.afterLoad ? 'after load' : 'before load',
        file.encoding,
        kb(file.transferBytes),
        kb(file.gzipBytes),
        kb(file.rawBytes),
      ]),
    ),
  );
  const notes = results.flatMap((r) => [
    ...(r.reachedIdle ? [] : [`  ${pathOf(r.url)}: the network never went quiet for 2 s; measured what loaded within 20 s.`]),
    ...(r.navigatedTo ? [`  ${pathOf(r.url)}: the page navigated by itself to ${r.navigatedTo}; measurement stopped there.`] : []),
  ]);
  return [totals, '', files, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

export interface LoadPair {
  name: string;
  portal: LoadResult;
  bare: LoadResult;
}

export function loadSection(pairs: LoadPair[]): string {
  const runs = table(
    ['test', 'server', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'timeouts', 'bytes/resp', 'status codes'],
    pairs.flatMap((pair) =>
      [pair.portal, pair.bare].map((r) => [
        pair.name,
        r.target,
        fixed(r.rps),
        fixed(r.p50Ms, 2),
        fixed(r.p99Ms, 2),
        r.requests,
        r.non2xx,
        r.errors,
        r.timeouts,
        r.bytesPerResponse,
        Object.entries(r.statusCodes)
          .map(([code, count]) => `${code}×${count}`)
          .join(' '),
      ]),
    ),
  );
  const ratios = table(
    ['test', 'rps portal/bare', 'p99 portal/bare'],
    pairs.map((pair) => [pair.name, ratio(pair.portal.rps, pair.bare.rps), ratio(pair.portal.p99Ms, pair.bare.p99Ms)]),
  );
  return [runs, '', ratios].join('\n');
}
