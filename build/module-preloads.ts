import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkGraph } from './chunk-graph.ts';

/** Islands that run as soon as the page loads (the account pages'); public pages hydrate on demand and get nothing. */
const EAGER_ISLAND = /<astro-island\b[^>]*\bclient="(?:load|only)"[^>]*>/g;
const ISLAND_SCRIPT = /\b(?:component|renderer)-url="\/_astro\/([^"]+\.js)"/g;
const PAGE_SCRIPT = /<script\b[^>]*\bsrc="\/_astro\/([^"]+\.js)"/g;

/**
 * The scripts an eager island needs, for `<link rel="modulepreload">` in the page's head. Without
 * them the browser finds each level of the island's imports only once the level above has arrived
 * (the island, then React and the login guard, then the UI kit): on a slow phone network every
 * level is a round trip before the first thing the island draws, often the page's largest text.
 * Only static imports: what loads on demand stays on demand. The page's own scripts are left out.
 */
export function islandPreloads(html: string, assetsDir: string): string[] {
  const entries = new Set<string>();
  for (const [island] of html.matchAll(EAGER_ISLAND)) for (const match of island.matchAll(ISLAND_SCRIPT)) entries.add(match[1]!);
  if (entries.size === 0) return [];
  const own = new Set([...html.matchAll(PAGE_SCRIPT)].map((match) => match[1]!));
  const files = new Set<string>();
  for (const entry of entries) for (const file of chunkGraph(assetsDir, entry, { skip: own })) files.add(file);
  return [...files];
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Adds the preloads to every prerendered page with an eager island; answers how many pages changed.
 * Pages rendered per request (the charge form, one invoice, one request) keep the browser's own
 * discovery.
 */
export function addModulePreloads(clientDir: string): number {
  const assetsDir = path.join(clientDir, '_astro');
  let changed = 0;
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8');
    const files = islandPreloads(html, assetsDir);
    if (files.length === 0 || !html.includes('</head>')) continue;
    const links = files.map((name) => `<link rel="modulepreload" href="/_astro/${name}">`).join('');
    writeFileSync(file, html.replace('</head>', `${links}</head>`));
    changed++;
  }
  return changed;
}
