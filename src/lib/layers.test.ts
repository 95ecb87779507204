import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way (DESIGN.md §4): pages → islands → stores → client → lib, and server → lib.
 * `src/lib` runs anywhere (browser, server, tests), so it imports nothing from the layers above it.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const FORBIDDEN = ['stores', 'islands', 'client', 'server', 'components', 'layouts', 'pages', 'sw'];
const SPECIFIER = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));
}

/** The top-level folder of src/ that an import specifier of `file` lands in, if any. */
function areaOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('#')) return specifier.slice(1).split('/')[0];
  if (specifier.startsWith('astro:')) return 'astro-runtime';
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(src, path.resolve(path.dirname(file), specifier));
  return target.startsWith('..') ? 'outside-src' : target.split(path.sep)[0];
}

describe('src/lib', () => {
  const files = sourceFiles(path.join(src, 'lib'));

  it('has modules to check', () => expect(files.length).toBeGreaterThan(20));

  it.each(files.map((file) => [path.relative(src, file), file]))('%s imports nothing from the layers above lib', (_name, file) => {
    const offending = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((match) => match[1]!)
      .filter((specifier) => {
        const area = areaOf(file, specifier);
        return area !== undefined && (FORBIDDEN.includes(area) || area === 'astro-runtime' || area === 'outside-src');
      });
    expect(offending).toEqual([]);
  });
});
