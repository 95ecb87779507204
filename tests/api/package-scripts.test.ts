import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

// `npm run build` once ran a script that was never committed, and only a clean clone showed it.
describe('package.json scripts', () => {
  it.each(Object.entries(scripts))('%s names only files that exist', (_name, command) => {
    const files = [...command.matchAll(/\bnode\s+(\S+\.[cm]?[jt]s)\b/g)].map((match) => match[1]!);
    for (const file of files) expect(existsSync(path.join(root, file)), `${file} (from "${command}")`).toBe(true);
  });
});
