import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way (DESIGN.md §4): pages → islands → stores → client → lib, and server → lib;
 * no file circles. Each folder of src/ lists the folders it may import from (itself always);
 * `astro:` marks the Astro runtime's virtual modules, which only code that Astro runs may use.
 */
const src = fileURLToPath(new URL('..', import.meta.url));

const MAY_IMPORT: Record<string, readonly string[]> = {
  // Runs anywhere (browser, server, tests, scripts): nothing above it.
  lib: [],
  // Data collections: their schemas and helpers build on lib.
  content: ['lib', 'astro:'],
  // The service worker: its own runtime.
  sw: ['lib'],
  // The browser runtime. The page and its worker are two ends of one channel: the page names the
  // worker's message types.
  client: ['lib', 'sw'],
  stores: ['client', 'lib'],
  islands: ['stores', 'client', 'lib'],
  // Static markup: no client code.
  components: ['lib', 'content', 'astro:'],
  layouts: ['components', 'islands', 'client', 'lib', 'content', 'styles', 'astro:'],
  pages: ['layouts', 'components', 'islands', 'lib', 'content', 'server', 'astro:'],
  // Server-only; content collections are its data too.
  server: ['lib', 'content', 'astro:'],
  // Astro's client directives (how an island wakes up): self-contained.
  directives: [],
};

const SPECIFIER = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function filesOf(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

function specifiersOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!);
}

/** The top-level folder of src/ that an import specifier of `file` lands in, if any. */
function areaOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('#')) return specifier.slice(1).split('/')[0];
  if (specifier.startsWith('astro:')) return 'astro:';
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(src, path.resolve(path.dirname(file), specifier));
  return target.startsWith('..') ? 'outside-src' : target.split(path.sep)[0];
}

/** The file an import lands on (relative or `#` subpath), when it is a TypeScript file of src/. */
function resolveImport(file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('#')) target = path.join(src, specifier.slice(1));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Every import circle among `files`, each as `a → b → … → a` (relative to src/), starting at its smallest file. */
function findCircles(files: readonly string[]): string[] {
  const graph = new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          specifiersOf(file)
            .map((s) => resolveImport(file, s))
            .filter((f) => f !== undefined),
        ),
      ],
    ]),
  );
  // Tarjan's strongly connected components: a component of two or more files (or a file importing itself) is a circle.
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    indices.set(file, index);
    lowlink.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(file, Math.min(lowlink.get(file)!, lowlink.get(next)!));
      } else if (onStack.has(next)) lowlink.set(file, Math.min(lowlink.get(file)!, indices.get(next)!));
    }
    if (lowlink.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component);
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) visit(file);
  // One readable path per component: from its smallest file along imports inside the component back to it.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const pathBack = shortestPath(graph, members, start);
    return [...pathBack, start].map((file) => path.relative(src, file).split(path.sep).join('/')).join(' → ');
  });
}

function shortestPath(graph: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const route = [file];
        while (route[0] !== start) route.unshift(previous.get(route[0]!)!);
        return route;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

describe('the import layers', () => {
  it('name every folder of src/ that holds code', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && filesOf(path.join(src, entry.name), /\.(ts|tsx|astro)$/).length > 0)
      .map((entry) => entry.name)
      // Neither holds code: styles are CSS, assets images and icons.
      .filter((name) => !['styles', 'assets'].includes(name));
    expect(folders.filter((name) => !(name in MAY_IMPORT))).toEqual([]);
  });

  describe.each(Object.entries(MAY_IMPORT))('src/%s', (area, allowed) => {
    const files = filesOf(path.join(src, area), /\.(ts|tsx|astro)$/);

    it('has modules to check', () => expect(files.length).toBeGreaterThan(area === 'lib' ? 20 : 0));

    it('imports only from the layers below it', () => {
      const offending = files.flatMap((file) =>
        specifiersOf(file)
          .filter((specifier) => {
            const target = areaOf(file, specifier);
            return target !== undefined && target !== area && !allowed.includes(target);
          })
          .map((specifier) => `${path.relative(src, file)}: ${specifier}`),
      );
      expect(offending).toEqual([]);
    });
  });
});

describe('file circles', () => {
  const circles = findCircles(filesOf(src, /\.tsx?$/));

  it('none but those other work breaks', () => {
    expect(circles).toEqual([]);
  });

  it('are found, with the files that form them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'circles-'));
    const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
    write('a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    write('b.ts', "import type { a } from './a';\nexport const b = 1 as typeof a;\n");
    write('c.ts', "import { a } from './a.ts';\nexport const c = a;\n");
    try {
      const found = findCircles(['a.ts', 'b.ts', 'c.ts'].map((name) => path.join(dir, name)));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/a\.ts → .*b\.ts → .*a\.ts$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
