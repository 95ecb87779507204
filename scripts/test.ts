/**
 * `npm test`: everything a change can break, in order: lint and format check (Biome), type check,
 * build (when stale), unit, service and API tests (Vitest), end-to-end tests (Playwright in
 * Chromium). Ends with one line `total: N passed, M failed` over every test that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const failures: string[] = [];
// The same command as `npm run lint:biome`, so the flags live in package.json only.
if (!run('Lint and format check (Biome)', 'npm', ['run', '--silent', 'lint:biome'])) failures.push('biome');
if (!run('Type check (astro check, tsc)', bin('astro'), ['check'])) failures.push('astro check');
if (!run('Type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])) failures.push('tsc');

console.log('\n▶ Build');
buildIfStale(root);

const vitestFile = path.join(results, 'vitest.json');
if (!run('Unit, service and API tests (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`])) {
  failures.push('vitest');
}
const e2eFile = path.join(results, 'e2e.json');
if (!run('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'])) failures.push('playwright');

const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestFile);
const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(e2eFile);
const passed = (vitest?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);

console.log(`\nVitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'}`);
console.log(`Playwright: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`total: ${passed} passed, ${failed + (failures.length > 0 && failed === 0 ? failures.length : 0)} failed`);
process.exit(failures.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
