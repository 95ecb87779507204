import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkGraph } from './chunk-graph.ts';

/** Sections of the site that become readable offline as a whole once one of their pages is opened. */
const BUNDLES = { pregnancy: '/pregnancy-timeline' } as const;

export interface OfflineBundle {
  /** A navigation to this path or below it fetches the whole bundle. */
  prefix: string;
  pages: string[];
  /** Scripts the pages load, including islands' code that loads only when used (the calculator). */
  assets: string[];
  /** Images the pages show (astro:assets output, every srcset candidate). */
  images: string[];
}

const ASSET_ATTRIBUTE = /(?:component-url|renderer-url|before-hydration-url|src)="(\/_astro\/[^"]+\.js)"/g;
/** Any optimised image named in the HTML: src, srcset candidates, preloads. */
const IMAGE_URL = /\/_astro\/[\w.-]+\.(?:webp|avif|png|jpe?g|gif|svg)(?=[\s",)])/g;

/** Every page under each prefix, and every script those pages can load, found in the built files. */
export function offlineBundles(clientDir: string): Record<string, OfflineBundle> {
  const assetsDir = path.join(clientDir, '_astro');
  return Object.fromEntries(
    Object.entries(BUNDLES).map(([name, prefix]) => {
      const dir = path.join(clientDir, prefix);
      if (!existsSync(dir)) throw new Error(`offline bundle ${name}: ${dir} was not built`);
      const htmlFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('index.html'))
        .map((file) => path.join(dir, file));
      const pages = htmlFiles.map((file) => `/${path.relative(clientDir, path.dirname(file)).split(path.sep).join('/')}`);
      const entries = new Set<string>();
      const images = new Set<string>();
      for (const file of htmlFiles) {
        const html = readFileSync(file, 'utf8');
        for (const match of html.matchAll(ASSET_ATTRIBUTE)) entries.add(path.basename(match[1]!));
        for (const match of html.matchAll(IMAGE_URL)) images.add(match[0]);
      }
      const assets = new Set([...entries].flatMap((entry) => chunkGraph(assetsDir, entry, { dynamic: true })).map((file) => `/_astro/${file}`));
      return [name, { prefix, pages: pages.sort(), assets: [...assets].sort(), images: [...images].sort() }];
    }),
  );
}
