import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkGraph } from './chunk-graph.ts';

/** Sections of the site that become readable offline as a whole once one of their pages is opened. */
const BUNDLES = { pregnancy: '/pregnancy-timeline' } as const;

export interface OfflineBundle {
  /** A navigation to this path or below it fetches the whole bundle. */
  prefix: string;
  pages: string[];
  /** Scripts the pages run as they load (the shell, a page's own script), without what those load later. */
  scripts: string[];
  /** Per page with islands: the islands' code, including what loads only when used (the calculator's date picker). */
  islands: Record<string, string[]>;
  /** Images the pages show (astro:assets output, every srcset candidate). */
  images: string[];
}

const PAGE_SCRIPT = /<script\b[^>]*\ssrc="(\/_astro\/[^"]+\.js)"/g;
const ISLAND_SCRIPT = /(?:component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g;
/** Any optimised image named in the HTML: src, srcset candidates, preloads. */
const IMAGE_URL = /\/_astro\/[\w.-]+\.(?:webp|avif|png|jpe?g|gif|svg)(?=[\s",)])/g;

const asUrls = (files: Iterable<string>) => [...new Set(files)].map((file) => `/_astro/${file}`).sort();

/**
 * The scripts a built page runs as it loads, and what they import at once (paths under /_astro/):
 * not the modules they import later, such as the React toast renderer or the login popup.
 */
export function pageScripts(clientDir: string, html: string): string[] {
  const assetsDir = path.join(clientDir, '_astro');
  return asUrls([...html.matchAll(PAGE_SCRIPT)].flatMap((match) => chunkGraph(assetsDir, path.basename(match[1]!))));
}

/**
 * The code of a built page's islands, with everything it may import later (paths under /_astro/);
 * not the page's own scripts, nor what only they load later (the login popup, the toast renderer).
 */
function islandScripts(clientDir: string, html: string, pageOwn: string[]): string[] {
  const assetsDir = path.join(clientDir, '_astro');
  const skip = new Set(pageOwn.map((url) => path.basename(url)));
  return asUrls([...html.matchAll(ISLAND_SCRIPT)].flatMap((match) => chunkGraph(assetsDir, path.basename(match[1]!), { dynamic: true, skip })));
}

/** Every page under each prefix, the scripts they run, their islands' code and their images, found in the built files. */
export function offlineBundles(clientDir: string): Record<string, OfflineBundle> {
  return Object.fromEntries(
    Object.entries(BUNDLES).map(([name, prefix]) => {
      const dir = path.join(clientDir, prefix);
      if (!existsSync(dir)) throw new Error(`offline bundle ${name}: ${dir} was not built`);
      const htmlFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('index.html'))
        .map((file) => path.join(dir, file));
      const pages: string[] = [];
      const scripts = new Set<string>();
      const islands: Record<string, string[]> = {};
      const images = new Set<string>();
      for (const file of htmlFiles) {
        const page = `/${path.relative(clientDir, path.dirname(file)).split(path.sep).join('/')}`;
        const html = readFileSync(file, 'utf8');
        pages.push(page);
        const own = pageScripts(clientDir, html);
        for (const script of own) scripts.add(script);
        const code = islandScripts(clientDir, html, own);
        if (code.length > 0) islands[page] = code;
        for (const match of html.matchAll(IMAGE_URL)) images.add(match[0]);
      }
      return [name, { prefix, pages: pages.sort(), scripts: [...scripts].sort(), islands, images: [...images].sort() }];
    }),
  );
}
