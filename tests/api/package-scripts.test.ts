import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** A script's command with every `npm run <name>` in it replaced by that script's own command. */
function expand(command: string, seen: string[] = []): string {
  return command.replace(/\bnpm run (?:--silent )?([\w:-]+)/g, (whole, name: string) => {
    const inner = scripts[name];
    return inner === undefined || seen.includes(name) ? whole : expand(inner, [...seen, name]);
  });
}

// `npm run build` once ran a script that was never committed, and only a clean clone showed it.
describe('package.json scripts', () => {
  it.each(Object.entries(scripts))('%s names only files that exist', (_name, command) => {
    const files = [...command.matchAll(/\bnode\s+(\S+\.[cm]?[jt]s)\b/g)].map((match) => match[1]!);
    for (const file of files) expect(existsSync(path.join(root, file)), `${file} (from "${command}")`).toBe(true);
  });

  it.each(Object.entries(scripts))('%s runs only scripts that exist', (_name, command) => {
    for (const [, name] of command.matchAll(/\bnpm run (?:--silent )?([\w:-]+)/g)) expect(Object.keys(scripts)).toContain(name);
  });
});

// Lint was once only the type check; the linter and the format check must stay in it and in `npm test`.
describe('lint', () => {
  it('`npm run lint` runs Biome (lint and format check), failing on warnings, and the type checks', () => {
    const lint = expand(scripts.lint ?? '');
    expect(lint).toMatch(/\bbiome check\b(?! --write)/);
    expect(lint).toContain('--error-on-warnings');
    expect(lint).toContain('astro check');
    expect(lint).toMatch(/\btsc\b/);
  });

  it('`npm run format` applies Biome’s safe fixes and formatting', () => {
    expect(scripts.format).toBe('biome check --write');
  });

  it('`npm test` (and so .ci/run) runs the Biome check as a step that fails the run', () => {
    const testScript = readFileSync(path.join(root, 'scripts/test.ts'), 'utf8');
    expect(scripts.test).toBe('node scripts/test.ts');
    expect(testScript).toMatch(/run\('Lint and format check \(Biome\)', 'npm', \['run', '--silent', 'lint:biome'\]\)\)\s*failures\.push/);
    expect(readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/^npm test$/m);
  });

  it('Biome refuses an import across the layers, by subpath or relative path, and allows one within', () => {
    // Probe files in a scratch copy of the config: writing them into src/ would race other processes.
    const dir = mkdtempSync(path.join(tmpdir(), 'biome-layers-'));
    try {
      copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
      const probes: Record<string, string[]> = {
        'src/lib/format/probe.ts': [
          "import { a } from '#server/env.ts';",
          "import { b } from '../../stores/auth.ts';",
          "import { c } from '../validation/phone.ts';",
          "import { d } from 'astro:content';",
        ],
        'src/client/api/probe.ts': [
          "import { a } from '#stores/auth.ts';",
          "import { b } from '../../islands/ui/Sheet.tsx';",
          "import { c } from '#lib/format/date.ts';",
          "import { d } from '../../server/env.ts';",
        ],
        'src/stores/probe.ts': [
          "import { a } from '#islands/ui/Sheet.tsx';",
          "import { b } from '#server/env.ts';",
          "import { c } from '#client/api/auth.ts';",
          "import { d } from './auth.ts';",
        ],
        'src/islands/wallet/probe.ts': [
          "import { a } from '../../server/env.ts';",
          "import { b } from '#server/env.ts';",
          "import { c } from '#stores/wallet.ts';",
          "import { d } from '../ui/Sheet.tsx';",
        ],
      };
      for (const [file, imports] of Object.entries(probes)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), `${imports.join('\n')}\n\nexport const all = [a, b, c, d];\n`);
      }
      const biome = path.join(root, 'node_modules', '.bin', 'biome');
      const result = spawnSync(biome, ['lint', '--reporter=github', '--vcs-enabled=false', '--only=style/noRestrictedImports', 'src'], { cwd: dir, encoding: 'utf8' });
      const refused = [...result.stdout.matchAll(/file=(?:.*?)(src\/[^,]+),line=(\d+)/g)].map((match) => `${match[1]}:${match[2]}`).sort();
      expect(refused).toEqual(
        [
          'src/client/api/probe.ts:1',
          'src/client/api/probe.ts:2',
          'src/client/api/probe.ts:4',
          'src/islands/wallet/probe.ts:1',
          'src/islands/wallet/probe.ts:2',
          'src/lib/format/probe.ts:1',
          'src/lib/format/probe.ts:2',
          'src/lib/format/probe.ts:4',
          'src/stores/probe.ts:1',
          'src/stores/probe.ts:2',
        ].sort(),
      );
      expect(result.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('biome.json states the import layers of DESIGN.md §4 for lib, client, stores and islands', () => {
    type Override = { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } } } };
    const { overrides } = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { overrides: Override[] };
    const forbidden = (folder: string) =>
      overrides
        .filter((override) => override.includes.includes(`src/${folder}/**`))
        .flatMap((override) => override.linter?.rules?.style?.noRestrictedImports?.options.patterns ?? [])
        .flatMap((pattern) => pattern.group);
    expect(forbidden('lib')).toEqual(expect.arrayContaining(['#server/**', '#stores/**', '#islands/**', '#client/**', '**/server/**', '**/stores/**', '**/islands/**', '**/client/**']));
    expect(forbidden('client')).toEqual(expect.arrayContaining(['#stores/**', '#islands/**', '#server/**', '**/stores/**', '**/islands/**', '**/server/**']));
    expect(forbidden('stores')).toEqual(expect.arrayContaining(['#islands/**', '#server/**', '**/islands/**', '**/server/**']));
    expect(forbidden('islands')).toEqual(expect.arrayContaining(['#server/**', '**/server/**']));
  });
});
