import { readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:import|from)\s*\(?\s*["']\.\/([^"']+\.js)["']/g;

/**
 * The built chunk files (relative to `assetsDir`) that `entry` needs: itself and everything it
 * imports, statically or dynamically, followed through the `./name.js` specifiers Vite writes.
 */
export function chunkGraph(assetsDir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(path.join(assetsDir, file), 'utf8').matchAll(IMPORT)) visit(match[1]!);
  };
  visit(entry);
  return [...seen];
}
