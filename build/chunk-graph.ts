import { readFileSync } from 'node:fs';
import path from 'node:path';

// As Vite writes them: static `from"./x.js"`, and dynamic `import("./x.js")` or import(`./x.js`).
const STATIC_IMPORT = /from\s*["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\s*\(\s*["'`]\.\/([^"'`]+\.js)["'`]/g;

/**
 * The built chunk files (relative to `assetsDir`) that `entry` needs: itself and what it imports,
 * followed through the `./name.js` specifiers; with `dynamic`, also what it may load later. Files
 * in `skip` (stored some other way) are left out, and so is what only they lead to.
 */
export function chunkGraph(assetsDir: string, entry: string, { dynamic = false, skip = new Set<string>() }: { dynamic?: boolean; skip?: ReadonlySet<string> } = {}): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(assetsDir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) visit(match[1]!);
    if (dynamic) for (const match of code.matchAll(DYNAMIC_IMPORT)) visit(match[1]!);
  };
  visit(entry);
  return [...seen];
}
